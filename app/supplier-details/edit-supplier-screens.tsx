/**
 * /supplier/edit and its child screens company-details (the default), financial-viability and
 * validation: one step of the supplier details form each, drawn from the definition the API
 * serves and saved with PUT /api/v1/supplier-registration. Only the supplier's admins edit.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, NavLink, Navigate, Outlet, useNavigate, useOutletContext } from 'react-router';
import type { FormDefinitionResponse } from '../../common/api/forms';
import type { SupplierDetails } from '../../common/api/supplier-details';
import { REVIEWED_SUPPLIER_FIELDS, reviewedFieldsText } from '../../common/api/supplier-detail-changes';
import type { FormData } from '../../common/forms/definition';
import type { SupplierDetailsStepId } from '../../common/supplier-details/form';
import { stepChangeOf } from '../../common/supplier-details/insurance';
import { supplierDetailsRuleErrors } from '../../common/supplier-details/rules';
import { ErrorState } from '../lib/components/error-state';
import { SaveProblemNotice } from '../lib/components/save-problem-notice';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { useStepForm } from '../lib/forms/use-step-form';
import { useActiveSupplier } from '../lib/active-supplier';
import type { FlashState } from '../lib/use-flash-message';
import { useSave } from '../lib/use-save';
import { saveSupplierDetails } from './supplier-api';
import { SupplierDetailsLoader } from './supplier-details-loader';
import { supplierDetailsPaths } from './supplier-details-paths';

interface EditContext {
  definition: FormDefinitionResponse;
  details: SupplierDetails;
  reload: () => void;
}

export function EditSupplierLayout() {
  const supplier = useActiveSupplier();
  if (!supplier.isAdmin) {
    return (
      <Screen title="Edit supplier details">
        <p className="notice">Only an administrator of {supplier.tradingName} can change its details.</p>
        <p>
          <Link to={supplierDetailsPaths.supplier()}>Back to supplier details</Link>
        </p>
      </Screen>
    );
  }
  return (
    <SupplierDetailsLoader supplierId={supplier.supplierID} title="Edit supplier details">
      {({ details, form, reload }) => (
        <Screen title="Edit supplier details">
          <nav className="sub-nav" aria-label="Supplier details sections">
            <ul>
              {form.steps.map((step) => (
                <li key={step.id}>
                  <NavLink to={supplierDetailsPaths.editSupplier(step.id)}>{step.title}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <Outlet context={{ definition: form, details, reload } satisfies EditContext} />
        </Screen>
      )}
    </SupplierDetailsLoader>
  );
}

/** The answers of one step, as the form starts with them. */
function stepAnswers(definition: FormDefinitionResponse, stepId: string, details: SupplierDetails): FormData {
  const step = definition.steps.find((candidate) => candidate.id === stepId);
  const keys = new Set(Object.keys((step?.schema.properties ?? {})));
  for (const part of (step?.schema.allOf ?? []) as { then?: { properties?: object } }[]) {
    for (const key of Object.keys(part.then?.properties ?? {})) {
      keys.add(key);
    }
  }
  return Object.fromEntries(Object.entries(details).filter(([key]) => keys.has(key)));
}

/** Whether a step asks any answer whose change the team reviews (legal name, business numbers). */
function hasReviewedFields(definition: FormDefinitionResponse, stepId: string): boolean {
  const step = definition.steps.find((candidate) => candidate.id === stepId);
  return REVIEWED_SUPPLIER_FIELDS.some((field) => Object.hasOwn(step?.schema.properties ?? {}, field));
}

/** The name of the financial statement on record, by its id, for the upload field. */
function fileNamesOf(details: SupplierDetails): Record<string, string> {
  const id = details.financial_statement;
  return typeof id === 'string' && details.financial_statement_name ? { [id]: details.financial_statement_name } : {};
}

export function EditSupplierStepScreen({ stepId }: { stepId: SupplierDetailsStepId }) {
  const context = useOutletContext<EditContext>();
  // Started again from the stored answers whenever newer details are loaded (after a 409).
  return <StepEditor key={context.details.last_edited} stepId={stepId} {...context} />;
}

function StepEditor({ stepId, definition, details, reload }: EditContext & { stepId: SupplierDetailsStepId }) {
  const supplier = useActiveSupplier();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const step = definition.steps.find((candidate) => candidate.id === stepId);
  const stepForm = useStepForm(definition, step?.id);
  const [answers, setAnswers] = useState<FormData>(() => (step ? stepAnswers(definition, step.id, details) : {}));
  const { save, isSaving: saving, problem } = useSave({
    mutationFn: async (data: FormData) => {
      // A cover left blank is sent as null to clear it: a save keeps the cover of a type it does not name.
      const saved = await saveSupplierDetails(queryClient, supplier.supplierID, details.last_edited, stepChangeOf(stepId, data));
      const title = step?.title.toLowerCase() ?? '';
      const reviewed = details.pending_change === null ? saved.pending_change : null;
      const state: FlashState = {
        message: reviewed
          ? `Your ${title} changes were saved, except your ${reviewedFieldsText(reviewed.fields)}: the marketplace team will check ${reviewed.fields.length === 1 ? 'it' : 'them'} first.`
          : `Your ${title} changes were saved.`,
      };
      await navigate(supplierDetailsPaths.supplier(), { state });
    },
    failedMessage: 'Your changes could not be saved. Check your connection and try again.',
  });

  if (!step) {
    return <Navigate to={supplierDetailsPaths.editSupplier()} replace />;
  }
  const rules = (data: FormData) => supplierDetailsRuleErrors(stepId, data);

  return (
    <section aria-labelledby="edit-step-heading">
      <h2 id="edit-step-heading">{step.title}</h2>
      {step.description && <p>{step.description}</p>}
      {hasReviewedFields(definition, step.id) &&
        (details.pending_change === null ? (
          <p className="hint">A change to your legal name, NZBN, ABN or ACN is checked by the marketplace team before it shows in the directory.</p>
        ) : (
          <p className="notice">
            Your change to your {reviewedFieldsText(details.pending_change.fields)} is waiting for the marketplace team’s review. You can change your
            other details now; to change these again, first withdraw the waiting change on the <Link to={supplierDetailsPaths.supplier()}>supplier details</Link> page.
          </p>
        ))}
      {/* Field errors show by their fields. */}
      <SaveProblemNotice problem={problem?.kind === 'fields' ? null : problem} reloadLabel="Load the latest details" onReload={reload} />
      {stepForm.isError ? (
        <ErrorState message="This form could not be loaded." onRetry={() => void stepForm.refetch()} />
      ) : stepForm.data ? (
        <stepForm.data.SchemaForm
          step={step}
          validator={stepForm.data.validator}
          formData={answers}
          rules={rules}
          serverErrors={problem?.kind === 'fields' ? problem.errors : undefined}
          formContext={{ fileNames: fileNamesOf(details) }}
          disabled={saving}
          onChange={setAnswers}
          onSubmit={(data) => save(data)}
        >
          <div className="form-actions">
            <button type="submit" className="button" disabled={saving}>
              {saving ? 'Saving…' : `Save ${step.title.toLowerCase()}`}
            </button>
            <Link to={supplierDetailsPaths.supplier()}>Cancel</Link>
          </div>
        </stepForm.data.SchemaForm>
      ) : (
        <LoadingState label="Loading the form…" />
      )}
    </section>
  );
}
