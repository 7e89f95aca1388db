/**
 * The supplier's listing templates (issue 30, spec §4 stage 4): downloading a service's template,
 * filled in with the listing's working copy, and reading a filled-in one back into answers for the
 * supplier to check before saving them. Reading stores nothing: the supplier saves what was read
 * through the listing's own save (PUT /listing/{serviceId}), with its checks.
 */
import type { ReadListingTemplateResponse } from '../../../common/api/service-listings';
import { LISTING_NOT_EDITABLE } from '../../../common/api/service-listings';
import type { FieldError } from '../../../common/forms/definition';
import { isListingEditable } from '../../../common/listings/service-listings';
import type { Database } from '../../db/client';
import { AppError, ErrorCode } from '../../errors';
import { unpackedZipSize } from '../../storage/zip-size';
import type { AnswersByStep } from '../forms/record-forms';
import { checkAnswersByStep } from '../forms/validate';
import { buildListingTemplate, readListingTemplate, TemplateRefused, type TemplateCellError } from './listing-workbook';
import { checkListingRules, findListableService, findListing, listingForm } from './supplier-listings';

/** A template is a few kilobytes; a file much larger is not one. */
export const LISTING_TEMPLATE_MAX_BYTES = 1024 * 1024;
/** What a template may hold once unpacked (an .xlsx is a ZIP archive; a template unpacks to about 40 kB). */
const LISTING_TEMPLATE_MAX_UNPACKED_BYTES = 5 * 1024 * 1024;

/** GET /listing/{serviceId}/template.xlsx: the service's template, with the listing's answers so far. */
export async function listingTemplate(db: Database, supplierId: number, serviceId: number): Promise<{ bytes: Buffer; fileName: string }> {
  const service = await findListableService(db, supplierId, serviceId);
  const row = await findListing(db, supplierId, serviceId);
  const form = await listingForm(db, row);
  const bytes = await buildListingTemplate(
    form.steps,
    { formKey: form.key, formVersion: form.version, serviceId, serviceTitle: service.title },
    row?.data ?? {},
  );
  return { bytes, fileName: `Listing template - ${service.title}.xlsx` };
}

function cellErrors(errors: TemplateCellError[]): AppError {
  const [first] = errors;
  const describe = (error: TemplateCellError) => `${error.question}: ${error.message}`;
  const message =
    errors.length === 1 && first
      ? `${first.cell === '' ? '' : `Cell ${first.cell}, `}${describe(first)}`
      : `There are ${String(errors.length)} problems with the template. Correct them and upload it again.`;
  return new AppError(
    ErrorCode.BadRequest,
    message,
    errors.map((error) => ({ field: error.cell === '' ? 'file' : error.cell, message: describe(error) })),
  );
}

/**
 * POST /listing/{serviceId}/template: the answers of an uploaded template, merged into the working
 * copy (answers the template does not ask, such as documents, are kept). A cell that cannot be
 * read or breaks a rule of the form is an error naming the cell; a file that is not this service's
 * template says what to upload instead. 409 while the listing cannot be changed.
 */
export async function readListingTemplateUpload(db: Database, supplierId: number, serviceId: number, bytes: Buffer): Promise<ReadListingTemplateResponse> {
  const service = await findListableService(db, supplierId, serviceId);
  const row = await findListing(db, supplierId, serviceId);
  if (row && !isListingEditable(row.status)) {
    throw new AppError(ErrorCode.Conflict, LISTING_NOT_EDITABLE);
  }
  if (unpackedZipSize(bytes, LISTING_TEMPLATE_MAX_UNPACKED_BYTES) === null) {
    throw new AppError(ErrorCode.BadRequest, 'The file could not be read as a spreadsheet. Upload the template as an Excel workbook (.xlsx).');
  }
  const form = await listingForm(db, row);
  let read;
  try {
    read = await readListingTemplate(form.steps, { formKey: form.key, formVersion: form.version, serviceId, serviceTitle: service.title }, bytes);
  } catch (error) {
    if (error instanceof TemplateRefused) {
      throw new AppError(ErrorCode.BadRequest, error.message);
    }
    throw error;
  }
  if (read.errors.length > 0) {
    throw cellErrors(read.errors);
  }
  if (read.filledCells === 0) {
    throw new AppError(ErrorCode.BadRequest, 'The template has no answers in it. Fill in column B, then upload it again.');
  }
  // The template's answers replace the fields it asks; every other answer stays as saved.
  let merged: AnswersByStep = structuredClone((row?.data ?? {}) as AnswersByStep);
  for (const { stepId, key } of read.fields) {
    const answer = read.answers[stepId]?.[key];
    const step = Object.fromEntries(Object.entries(merged[stepId] ?? {}).filter(([field]) => field !== key));
    if (answer !== undefined) {
      step[key] = answer;
    }
    if (Object.keys(step).length > 0) {
      merged[stepId] = step;
    } else {
      merged = Object.fromEntries(Object.entries(merged).filter(([id]) => id !== stepId));
    }
  }
  const { data, errors } = checkAnswersByStep(form.steps, merged, false);
  errors.push(...(await checkListingRules(db, supplierId, form.steps, data)));
  if (errors.length > 0) {
    throw cellErrors(
      errors.map((error: FieldError) => {
        const where = read.cellOf(error.path);
        return where ? { ...where, message: error.message } : { cell: '', question: form.steps.find((step) => step.id === error.path[0])?.title ?? '', message: error.message };
      }),
    );
  }
  return { data, filledCells: read.filledCells };
}
