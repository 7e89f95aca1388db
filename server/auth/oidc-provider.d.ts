/**
 * The parts of oidc-provider 9 this server uses. The package ships no types and `@types/oidc-provider`
 * is not installed, so these declarations follow the library's documentation and source.
 */
declare module 'oidc-provider' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type UnknownObject = Record<string, unknown>;

  /** What an adapter stores: a model's JSON; the indexed members are read by the adapter. */
  export interface AdapterPayload extends UnknownObject {
    jti?: string;
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: unknown;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export type AdapterConstructor = new (model: string) => Adapter;

  export interface Client {
    clientId: string;
    grantTypeAllowed(type: string): boolean;
  }

  export interface Session {
    accountId?: string;
    uid: string;
    state?: { secret?: string } & UnknownObject;
    /** Set once the session has been destroyed in this request (sign-out). */
    destroyed?: boolean;
  }

  export interface DecodedJwt {
    header: UnknownObject;
    payload: UnknownObject;
  }

  export interface OIDCContext {
    route: string;
    issuer: string;
    client?: Client;
    session?: Session;
    params?: UnknownObject;
    entities: { IdTokenHint?: DecodedJwt } & UnknownObject;
    /** On `resume`: what the interaction finished with (`login` when someone signed in). */
    result?: { login?: UnknownObject } & UnknownObject;
    urlFor(name: string, options?: UnknownObject): string;
  }

  /** The Koa context oidc-provider hands to configuration callbacks. */
  export interface KoaContextWithOIDC {
    oidc: OIDCContext;
    req: IncomingMessage;
    res: ServerResponse;
    method: string;
    path: string;
    url: string;
    host: string;
    status: number;
    type: string;
    body: unknown;
    set(field: string, value: string): void;
  }

  /** A context in a middleware added with `provider.use`: `oidc` exists only on provider routes. */
  export type KoaContext = Omit<KoaContextWithOIDC, 'oidc'> & { oidc?: OIDCContext };

  export interface Account {
    accountId: string;
    claims(use: string, scope: string, claims: UnknownObject, rejected: string[]): Promise<UnknownObject> | UnknownObject;
  }

  export interface BaseToken {
    jti: string;
    accountId?: string;
    clientId?: string;
    scope?: string;
    grantId?: string;
    /** The `uid` of the session the token was issued in (tokens of a sign-in, not client credentials). */
    sessionUid?: string;
    /** `AccessToken`, `RefreshToken`, … */
    kind: string;
  }

  export interface ResourceServerInfo {
    scope: string;
    audience?: string;
    accessTokenTTL?: number;
    accessTokenFormat?: 'opaque' | 'jwt';
    jwt?: { sign?: { alg?: string } };
  }

  export interface InteractionPrompt {
    name: string;
    reasons: string[];
    details: {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    } & UnknownObject;
  }

  export interface Interaction {
    uid: string;
    exp: number;
    returnTo: string;
    prompt: InteractionPrompt;
    params: UnknownObject;
    session?: { accountId: string; uid: string };
    grantId?: string;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; acr?: string; amr?: string[]; ts?: number };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  }

  export interface Grant {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface ClientMetadata extends UnknownObject {
    client_id: string;
  }

  export interface Configuration {
    adapter?: AdapterConstructor;
    extraParams?: string[];
    clients?: ClientMetadata[];
    jwks?: { keys: UnknownObject[] };
    cookies?: {
      keys?: string[];
      names?: Record<string, string>;
      long?: UnknownObject;
      short?: UnknownObject;
    };
    claims?: Record<string, string[] | null>;
    conformIdTokenClaims?: boolean;
    scopes?: string[];
    responseTypes?: string[];
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: Client) => boolean };
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: Client) => boolean;
    findAccount?: (ctx: KoaContextWithOIDC, sub: string, token?: BaseToken) => Promise<Account | undefined>;
    extraTokenClaims?: (ctx: KoaContextWithOIDC, token: BaseToken) => Promise<UnknownObject | undefined>;
    issueRefreshToken?: (ctx: KoaContextWithOIDC, client: Client, code: BaseToken) => Promise<boolean> | boolean;
    rotateRefreshToken?: boolean | ((ctx: KoaContextWithOIDC) => boolean);
    interactions?: { url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => Promise<string> | string };
    renderError?: (ctx: KoaContextWithOIDC, out: Record<string, string | undefined>, error: Error) => Promise<void> | void;
    /** Functions may be called outside a request, without a context. */
    ttl?: Record<string, number | ((ctx: KoaContextWithOIDC | undefined, token: unknown, client?: Client) => number)>;
    features?: {
      devInteractions?: { enabled: boolean };
      dPoP?: { enabled: boolean };
      revocation?: { enabled: boolean };
      userinfo?: { enabled: boolean };
      rpInitiatedLogout?: {
        enabled: boolean;
        logoutSource?: (ctx: KoaContextWithOIDC, form: string) => Promise<void> | void;
        postLogoutSuccessSource?: (ctx: KoaContextWithOIDC) => Promise<void> | void;
      };
      resourceIndicators?: {
        enabled: boolean;
        defaultResource?: (ctx: KoaContextWithOIDC, client: Client, oneOf?: string[]) => Promise<string | string[] | undefined>;
        getResourceServerInfo?: (ctx: KoaContextWithOIDC, resourceIndicator: string, client: Client) => Promise<ResourceServerInfo>;
        useGrantedResource?: (ctx: KoaContextWithOIDC, model: unknown) => Promise<boolean> | boolean;
      };
    } & UnknownObject;
  }

  export class Provider extends EventEmitter {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    /** Koa's trust of X-Forwarded-* headers. */
    proxy: boolean;
    readonly Grant: GrantConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
  }

  export class OIDCProviderError extends Error {
    error: string;
    error_description?: string;
    status: number;
    statusCode: number;
  }

  export const errors: {
    OIDCProviderError: typeof OIDCProviderError;
    InvalidTarget: new (description?: string) => OIDCProviderError;
    SessionNotFound: new (description?: string) => OIDCProviderError;
  };

  export default Provider;
}
