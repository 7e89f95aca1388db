/**
 * Adding a sales channel, a catalogue (to a channel) or a service (to a catalogue), and renaming
 * any of them: one form of a title and an optional description, checked as the server checks it
 * (GOV.UK error summary, each error by its field), the server's refusals (400, 404, 409) shown the
 * same way. A rename starts from the current words and says the public address stays. Once saved,
 * the channel's page says what changed.
 */
import '../styles/catalogue-management.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CATALOGUE_DESCRIPTION_MAX_LENGTH, CATALOGUE_TITLE_MAX_LENGTH, type TeamCatalogueItem, type CatalogueItemKind } from '../../common/api/team-catalogue';
import { describeApiFailure } from '../lib/api-error';
import { ErrorState } from '../lib/components/error-state';
import { ErrorSummary, summaryErrorsOf } from '../lib/components/error-summary';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import type { FlashState } from '../lib/use-flash-message';
import { useSave } from '../lib/use-save';
import { MissingItem } from './channel-screen';
import { createCatalogueItem, refreshTree, renameCatalogueItem, useCatalogueTree } from './catalogue-management-api';
import { catalogueManagementPaths, publicCataloguePaths } from './catalogue-management-paths';
import { errorsFromServer, hasErrors, NO_ERRORS, toItemRequest, validateItemForm, type ItemFormErrors, type ItemFormField, type ItemFormValues } from './catalogue-item-form-validation';
import { findCatalogueItem, KIND_NOUNS } from './catalogue-tree';

const FIELD_IDS: Record<ItemFormField, string> = { title: 'item-title', description: 'item-description' };

/** What the form is for, once the tree has named its parent or item. */
interface FormPlan {
  title: string;
  kind: CatalogueItemKind;
  /** The channel's page to go back to (the index for a new channel). */
  backTo: string;
  backLabel: string;
  initialValues: ItemFormValues;
  /** The rename's public address, which stays. */
  publicAddress?: string;
  submitLabel: string;
  save: (values: ItemFormValues) => Promise<TeamCatalogueItem>;
  /** The banner on the page it goes to, and that page. */
  done: (saved: TeamCatalogueItem) => { to: string; message: string };
}

function isId(value: string | undefined): value is string {
  return value !== undefined && /^[1-9][0-9]{0,9}$/.test(value);
}

/** /admin/catalogue/channels/new */
export function AddChannelScreen() {
  const plan: FormPlan = {
    title: 'Add a sales channel',
    kind: 'channel',
    backTo: catalogueManagementPaths.channels(),
    backLabel: 'Cancel',
    initialValues: { title: '', description: '' },
    submitLabel: 'Add sales channel',
    save: (values) => createCatalogueItem('channel', null, toItemRequest(values)),
    done: (saved) => ({
      to: catalogueManagementPaths.channel(saved.id),
      message: `You added the sales channel ‘${saved.title}’. It comes last in the order. Add its catalogues below.`,
    }),
  };
  return (
    <Screen title={plan.title}>
      <ItemForm plan={plan} />
    </Screen>
  );
}

/** /admin/catalogue/channels/{id}/catalogues/new and /admin/catalogue/catalogues/{id}/services/new */
export function AddChildScreen({ kind }: { kind: 'catalogue' | 'service' }) {
  const { parentId } = useParams();
  const tree = useCatalogueTree();
  const parentKind = kind === 'catalogue' ? 'channel' : 'catalogue';
  const found = isId(parentId) && tree.data ? findCatalogueItem(tree.data, parentKind, Number(parentId)) : undefined;
  const noun = KIND_NOUNS[kind];
  let plan: FormPlan | undefined;
  if (found !== undefined) {
    const channel = found.kind === 'catalogue' ? found.channel : found.item;
    const parent = found.item;
    plan = {
      title: `Add a ${noun} to ${parent.title}`,
      kind,
      backTo: catalogueManagementPaths.channel(channel.id),
      backLabel: 'Cancel',
      initialValues: { title: '', description: '' },
      submitLabel: `Add ${noun}`,
      save: (values) => createCatalogueItem(kind, parent.id, toItemRequest(values)),
      done: (saved) => ({ to: catalogueManagementPaths.channel(channel.id), message: `You added the ${noun} ‘${saved.title}’ to ${parent.title}.` }),
    };
  }
  return <PlannedForm fallbackTitle={`Add a ${noun}`} missingNoun={KIND_NOUNS[parentKind]} tree={tree} isValid={isId(parentId)} plan={plan} />;
}

/** /admin/catalogue/{channels|catalogues|services}/{id}/rename */
export function RenameScreen({ kind }: { kind: CatalogueItemKind }) {
  const { id } = useParams();
  const tree = useCatalogueTree();
  const found = isId(id) && tree.data ? findCatalogueItem(tree.data, kind, Number(id)) : undefined;
  const noun = KIND_NOUNS[kind];
  let plan: FormPlan | undefined;
  if (found !== undefined) {
    const { item } = found;
    const channel = found.kind === 'channel' ? found.item : found.channel;
    const publicAddress = publicCataloguePaths[kind](item.slug);
    plan = {
      title: `Rename the ${noun} ${item.title}`,
      kind,
      backTo: catalogueManagementPaths.channel(channel.id),
      backLabel: 'Cancel',
      initialValues: { title: item.title, description: item.description },
      publicAddress,
      submitLabel: 'Save the new name',
      save: (values) => renameCatalogueItem(kind, item.id, toItemRequest(values)),
      done: (saved) => ({
        to: catalogueManagementPaths.channel(channel.id),
        message:
          saved.title === item.title
            ? `You saved the ${noun} ‘${saved.title}’. Its public address stays ${publicAddress}.`
            : `You renamed the ${noun} ‘${item.title}’ to ‘${saved.title}’. Its public address stays ${publicAddress}.`,
      }),
    };
  }
  return <PlannedForm fallbackTitle={`Rename a ${noun}`} missingNoun={noun} tree={tree} isValid={isId(id)} plan={plan} />;
}

function PlannedForm({
  fallbackTitle,
  missingNoun,
  tree,
  isValid,
  plan,
}: {
  fallbackTitle: string;
  missingNoun: string;
  tree: ReturnType<typeof useCatalogueTree>;
  isValid: boolean;
  plan: FormPlan | undefined;
}) {
  let content: ReactNode;
  if (tree.isError) {
    content = <ErrorState message={`We could not load the catalogue. ${describeApiFailure(tree.error)}`} onRetry={() => void tree.refetch()} />;
  } else if (isValid && plan === undefined && (tree.isPending || tree.isFetching)) {
    content = <LoadingState label="Loading the catalogue…" />;
  } else if (plan === undefined) {
    content = <MissingItem noun={missingNoun} />;
  } else {
    content = <ItemForm plan={plan} />;
  }
  return <Screen title={plan?.title ?? fallbackTitle}>{content}</Screen>;
}

function ItemForm({ plan }: { plan: FormPlan }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const noun = KIND_NOUNS[plan.kind];
  const [values, setValues] = useState<ItemFormValues>(plan.initialValues);
  const [errors, setErrors] = useState<ItemFormErrors>(NO_ERRORS);
  // Bumped on every refused submit, so the summary takes focus even when the errors are the same.
  const [refusals, setRefusals] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const saving = useSave<TeamCatalogueItem, ItemFormValues>({ mutationFn: plan.save, failedMessage: 'Your changes were not saved.' });

  useEffect(() => {
    if (refusals > 0) {
      summaryRef.current?.focus();
    }
  }, [refusals]);

  const refuse = (found: ItemFormErrors) => {
    setErrors(found);
    setRefusals((count) => count + 1);
  };

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving.isSaving) {
      return;
    }
    const found = validateItemForm(values, noun);
    if (hasErrors(found)) {
      refuse(found);
      return;
    }
    setErrors(NO_ERRORS);
    saving.save(values, {
      onSuccess: (saved) => {
        void refreshTree(queryClient);
        const { to, message } = plan.done(saved);
        const state: FlashState = { message };
        void navigate(to, { state });
      },
      onError: (error) => {
        // The parent retired or gone meanwhile: the tree is out of date too.
        void refreshTree(queryClient);
        refuse(errorsFromServer(error, values, noun));
      },
    });
  };

  return (
    <form className="catalogue-form" onSubmit={submit} noValidate>
      {hasErrors(errors) && <ErrorSummary ref={summaryRef} errors={summaryErrorsOf(errors, FIELD_IDS)} />}
      {plan.publicAddress !== undefined && (
        <div className="inset-text">
          <p>
            Its public address stays the same after a rename: {plan.publicAddress}. Links people have saved keep working.
          </p>
        </div>
      )}
      <TextField
        field="title"
        label="Title"
        hint={
          plan.publicAddress === undefined
            ? `Shown on the public pages, in the directory and in applications, up to ${String(CATALOGUE_TITLE_MAX_LENGTH)} characters. Its public address is made from it and stays the same if you rename it later.`
            : `Shown on the public pages, in the directory and in applications, up to ${String(CATALOGUE_TITLE_MAX_LENGTH)} characters.`
        }
        value={values.title}
        maxLength={CATALOGUE_TITLE_MAX_LENGTH}
        error={errors.fields.title}
        onChange={(title) => setValues((current) => ({ ...current, title }))}
      />
      <TextField
        field="description"
        label="Description (optional)"
        hint={`Shown on its public page, up to ${CATALOGUE_DESCRIPTION_MAX_LENGTH.toLocaleString('en-NZ')} characters.`}
        isMultiline
        value={values.description}
        maxLength={CATALOGUE_DESCRIPTION_MAX_LENGTH}
        error={errors.fields.description}
        onChange={(description) => setValues((current) => ({ ...current, description }))}
      />
      <div className="form-actions">
        <button type="submit" className="button">
          {saving.isSaving ? 'Please wait…' : plan.submitLabel}
        </button>
        <Link to={plan.backTo}>{plan.backLabel}</Link>
      </div>
    </form>
  );
}

function TextField({
  field,
  label,
  hint,
  isMultiline = false,
  value,
  maxLength,
  error,
  onChange,
}: {
  field: ItemFormField;
  label: string;
  hint: string;
  isMultiline?: boolean;
  value: string;
  maxLength: number;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = FIELD_IDS[field];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const shared = {
    className: 'form-field__input',
    id,
    name: field,
    value,
    // The schema's limit plus one: a longer paste is refused with a message, not cut silently.
    maxLength: maxLength + 1,
    'aria-invalid': error === undefined ? undefined : true,
    'aria-describedby': error === undefined ? hintId : `${hintId} ${errorId}`,
  } as const;
  return (
    <div className={error === undefined ? 'form-field' : 'form-field form-field--error'}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <p className="form-field__hint" id={hintId}>
        {hint}
      </p>
      {error !== undefined && (
        <p className="form-field__error" id={errorId}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      {isMultiline ? (
        <textarea {...shared} rows={5} onChange={(event) => onChange(event.currentTarget.value)} />
      ) : (
        <input {...shared} type="text" autoComplete="off" onChange={(event) => onChange(event.currentTarget.value)} />
      )}
    </div>
  );
}
