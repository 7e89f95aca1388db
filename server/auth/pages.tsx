/**
 * The identity provider's pages (sign in, sign out, errors) in the portal's own shell, so they look
 * like the rest of the site. No inline script or style: the Content-Security-Policy stays strict.
 */
import type { FastifyReply } from 'fastify';
import type { ReactNode } from 'react';
import type { TeamContact } from '../../common/page-data';
import { REGISTER_START_PATH } from '../../common/registration/steps';
import type { App } from '../app-type';
import { createPageRenderer } from '../pages/routes';
import { TeamContactLinks } from '../pages/contact-links';
import { CancelSignIn, ErrorSummary, Field, type FormProblem } from './form-parts';

/** Same-origin script that submits the sign-out form when the provider allows it (see identity-provider.ts). */
export const SIGN_OUT_SCRIPT_PATH = '/auth/sign-out.js';
export const SIGN_OUT_SCRIPT = `// Signs out without a second click when the request came from the portal with a valid ID token.
const button = document.querySelector('form[data-auto-submit] button[name="logout"]');
if (button instanceof HTMLButtonElement) {
  button.click();
}
`;

export interface AuthPage {
  title: string;
  /** The section named in the header, when it differs from the title ('Error: Sign in' is still 'Sign in'). */
  headerTitle?: string;
  /** The sign-in page itself: the header offers no Login. */
  isSignInPage?: boolean;
  status?: number;
  children: ReactNode;
}

/** Renders a page in the site shell; pages are built per request and must never be cached. */
export type AuthPageRenderer = (page: AuthPage) => string;

/** The sign-in pages use the site's page renderer; they are rendered outside a page request (no site notice). */
export function createAuthPageRenderer(app: App): AuthPageRenderer {
  const render = createPageRenderer(app);
  return ({ title, headerTitle, isSignInPage, children }) =>
    render({ title, header: { title: headerTitle ?? title, isSignInPage: isSignInPage ?? false }, children });
}

export function sendAuthPage(reply: FastifyReply, render: AuthPageRenderer, page: AuthPage): FastifyReply {
  return reply
    .status(page.status ?? 200)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(render(page));
}

export type LoginField = 'email' | 'password';

export type LoginProblem = FormProblem<LoginField>;

export interface LoginPageProps {
  productName: string;
  teamContact: TeamContact;
  action: string;
  abortAction: string;
  /** The "Forgot your password?" page. */
  forgotPasswordHref: string;
  email: string;
  /** Shown in the error summary, each linking to its field. */
  problems: LoginProblem[];
  /** Messages shown beside a field (empty fields); a wrong password is not pinned to one field. */
  fieldErrors: Partial<Record<LoginField, string>>;
}

export function LoginPage({ productName, teamContact, action, abortAction, forgotPasswordHref, email, problems, fieldErrors }: LoginPageProps) {
  const emailError = fieldErrors.email;
  const passwordError = fieldErrors.password;
  return (
    <div className="container auth-page">
      <h1>Sign in</h1>
      <ErrorSummary problems={problems} fieldIds={{ email: 'email', password: 'password' }} />
      <p>Sign in to the {productName} with your email address and password.</p>
      <form className="auth-form" method="post" action={action} noValidate>
        <Field id="email" label="Email" error={emailError}>
          {(inputProps) => (
            <input {...inputProps} required type="email" autoComplete="username" autoCapitalize="none" spellCheck={false} defaultValue={email} />
          )}
        </Field>
        <Field id="password" label="Password" error={passwordError}>
          {(inputProps) => <input {...inputProps} required type="password" autoComplete="current-password" />}
        </Field>
        <button className="button" type="submit">
          Sign in
        </button>
      </form>
      <CancelSignIn action={abortAction} />
      <h2>If you do not have an account</h2>
      <p>
        If your business already uses the {productName}, ask one of its administrators to invite you: they can do it
        from the Users page of the dashboard. To register a new business, use the{' '}
        <a href={REGISTER_START_PATH}>supplier registration form</a>. For any other question, contact the {productName} team:{' '}
        <TeamContactLinks contact={teamContact} />.
      </p>
      <h2>If you have forgotten your password</h2>
      <p>
        <a href={forgotPasswordHref}>Forgot your password?</a> We will email you a link to choose a new one. If that does
        not work, contact the {productName} team: <TeamContactLinks contact={teamContact} />.
      </p>
    </div>
  );
}

/** A page with a heading, a short explanation and a way back to the portal. */
export function MessagePage({ heading, children, homeUrl }: { heading: string; children: ReactNode; homeUrl: string }) {
  return (
    <div className="container auth-page">
      <h1>{heading}</h1>
      {children}
      <p>
        <a href={homeUrl}>Go to the home page</a>
      </p>
    </div>
  );
}

export interface SignOutPageProps {
  productName: string;
  action: string;
  xsrf: string;
  /** The request came from the portal with a valid ID token for the signed-in person. */
  autoSubmit: boolean;
  homeUrl: string;
}

export function SignOutPage({ productName, action, xsrf, autoSubmit, homeUrl }: SignOutPageProps) {
  return (
    <div className="container auth-page">
      <h1>Sign out</h1>
      <p role={autoSubmit ? 'status' : undefined}>
        {autoSubmit ? `Signing you out of the ${productName}…` : `Do you want to sign out of the ${productName}?`}
      </p>
      <form className="auth-form" method="post" action={action} data-auto-submit={autoSubmit ? 'true' : undefined}>
        <input type="hidden" name="xsrf" value={xsrf} />
        <button className="button" type="submit" name="logout" value="yes">
          Sign out
        </button>
      </form>
      <p>
        <a href={homeUrl}>Stay signed in and go to the home page</a>
      </p>
      {autoSubmit && <script src={SIGN_OUT_SCRIPT_PATH} defer />}
    </div>
  );
}

/** The provider's error page: what went wrong in words, never a stack trace. */
export function providerErrorPage(render: AuthPageRenderer, options: { description: string | undefined; homeUrl: string }): string {
  return render({
    title: 'Sign-in problem',
    children: (
      <MessagePage heading="We could not complete your sign-in" homeUrl={options.homeUrl}>
        <p>{options.description ?? 'Something went wrong while signing you in.'}</p>
        <p>Go back to the portal and try again. If the problem continues, contact us.</p>
      </MessagePage>
    ),
  });
}

export function signOutPage(render: AuthPageRenderer, props: SignOutPageProps): string {
  return render({ title: 'Sign out', children: <SignOutPage {...props} /> });
}

export function signedOutPage(render: AuthPageRenderer, options: { productName: string; homeUrl: string }): string {
  return render({
    title: 'Signed out',
    children: (
      <MessagePage heading="You have signed out" homeUrl={options.homeUrl}>
        <p>You have signed out of the {options.productName}.</p>
      </MessagePage>
    ),
  });
}
