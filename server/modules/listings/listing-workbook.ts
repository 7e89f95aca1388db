/**
 * The listing template (issue 30, spec §4 stage 4: "the supplier downloads listing templates"): a
 * spreadsheet of one service's listing questions that a supplier can fill in offline, made from
 * the stored form version the listing is written on (so a question the team adds is in the next
 * template without a release), and the reading of it back into answers, with an error for each
 * cell that cannot be read.
 *
 * Sheet "Listing" has one row per answer: the question, the answer (the only cells a person can
 * change; lists and numbers are checked as they type), help, and a hidden column naming the
 * answer's field. A list of lines (features) gets a row per line; a choice of several (regions) a
 * row per option, answered Yes. What a spreadsheet cannot hold (uploaded files) is left to the
 * dashboard and kept as it is. A hidden sheet names the form, its version and the service.
 */
import ExcelJS from 'exceljs';
import type { FormStep, JsonSchema, UiSchema } from '../../../common/forms/definition';
import { isRecord } from '../../../common/is-record';
import { centsToDecimal, parseDollarsToCents } from '../../../common/money';

const ANSWERS_SHEET = 'Listing';
const ABOUT_SHEET = 'About this file';
const CHOICES_SHEET = 'Choices';
const QUESTION_COLUMN = 1;
const ANSWER_COLUMN = 2;
const HELP_COLUMN = 3;
const FIELD_COLUMN = 4;
const YES = 'Yes';
const NO = 'No';

interface Choice {
  value: string;
  label: string;
}

/** One answer of the form as the template asks it. */
type TemplateField =
  | { kind: 'text'; maxLength: number | null }
  | { kind: 'money' }
  | { kind: 'whole-number' }
  | { kind: 'choice'; choices: Choice[] }
  | { kind: 'yes-no' }
  | { kind: 'lines'; itemTitle: string; maxItems: number; maxLength: number | null }
  | { kind: 'choices'; choices: Choice[] }
  | { kind: 'dashboard-only' };

interface Question {
  stepId: string;
  key: string;
  title: string;
  help: string;
  field: TemplateField;
}

/** What the template is for: the form version and the service it was made for. */
export interface TemplateSubject {
  formKey: string;
  formVersion: number;
  serviceId: number;
  serviceTitle: string;
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function maxLengthOf(schema: JsonSchema): number | null {
  return typeof schema.maxLength === 'number' ? schema.maxLength : null;
}

function choicesOf(values: unknown, labels: unknown): Choice[] {
  const names = Array.isArray(labels) ? labels : [];
  return (Array.isArray(values) ? values : []).filter((value): value is string => typeof value === 'string').map((value, index) => ({
    value,
    label: typeof names[index] === 'string' ? names[index] : value,
  }));
}

/** How the template asks a field, from its schema and uiSchema; a field it cannot hold is the dashboard's. */
function templateField(schema: JsonSchema, ui: UiSchema): TemplateField {
  const options = isRecord(ui['ui:options']) ? ui['ui:options'] : {};
  if (schema.type === 'string' && Array.isArray(schema.enum)) {
    return { kind: 'choice', choices: choicesOf(schema.enum, ui['ui:enumNames']) };
  }
  if (schema.type === 'string' && ui['ui:widget'] !== 'upload' && ui['ui:widget'] !== 'date' && schema.format === undefined) {
    return { kind: 'text', maxLength: maxLengthOf(schema) };
  }
  if (schema.type === 'integer') {
    return options.money === 'cents' ? { kind: 'money' } : { kind: 'whole-number' };
  }
  if (schema.type === 'boolean') {
    return { kind: 'yes-no' };
  }
  const items = isRecord(schema.items) ? schema.items : null;
  if (schema.type === 'array' && items?.type === 'string') {
    const itemsUi = isRecord(ui.items) ? ui.items : {};
    if (Array.isArray(items.enum)) {
      return { kind: 'choices', choices: choicesOf(items.enum, itemsUi['ui:enumNames']) };
    }
    const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : 10;
    return { kind: 'lines', itemTitle: stringOf(items.title) || 'Item', maxItems, maxLength: maxLengthOf(items) };
  }
  return { kind: 'dashboard-only' };
}

/** Every question of the form's steps, in the order people answer them. */
function questionsOf(steps: readonly FormStep[]): Question[] {
  return steps.flatMap((step) => {
    const properties = isRecord(step.schema.properties) ? step.schema.properties : {};
    const order = Array.isArray(step.uiSchema['ui:order']) ? step.uiSchema['ui:order'].filter((key): key is string => key in properties) : [];
    const keys = [...order, ...Object.keys(properties).filter((key) => !order.includes(key))];
    return keys.flatMap((key) => {
      const schema = properties[key];
      if (!isRecord(schema)) {
        return [];
      }
      const ui = isRecord(step.uiSchema[key]) ? step.uiSchema[key] : {};
      return [{ stepId: step.id, key, title: stringOf(schema.title) || key, help: stringOf(ui['ui:help']) || stringOf(schema.description), field: templateField(schema, ui) }];
    });
  });
}

/** Checks a text cell's length as the person types, when the form limits it. */
function limitLength(cell: ExcelJS.Cell, maxLength: number | null): void {
  if (maxLength !== null) {
    cell.dataValidation = {
      type: 'textLength',
      operator: 'lessThanOrEqual',
      allowBlank: true,
      formulae: [maxLength],
      showErrorMessage: true,
      error: `Use ${String(maxLength)} characters or fewer.`,
    };
  }
}

/** A row's hidden field name: the answer's path in the form's answers, as JSON. */
function fieldKey(path: (string | number)[]): string {
  return JSON.stringify(path);
}

function answerAt(data: Readonly<Record<string, unknown>>, stepId: string, key: string): unknown {
  const step = data[stepId];
  return isRecord(step) ? step[key] : undefined;
}

/**
 * The template workbook for one service, its answer cells filled in with `data` (the listing's
 * working copy, by step), so a supplier can also change a listing offline.
 */
export async function buildListingTemplate(steps: readonly FormStep[], subject: TemplateSubject, data: Readonly<Record<string, unknown>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.title = `Service listing: ${subject.serviceTitle}`;
  const sheet = workbook.addWorksheet(ANSWERS_SHEET, { views: [{ state: 'frozen', ySplit: 4 }] });
  const choicesSheet = workbook.addWorksheet(CHOICES_SHEET, { state: 'hidden' });
  const about = workbook.addWorksheet(ABOUT_SHEET, { state: 'hidden' });
  about.addRows([
    ['form', subject.formKey],
    ['version', subject.formVersion],
    ['service', subject.serviceId],
  ]);
  sheet.columns = [{ width: 36 }, { width: 60 }, { width: 48 }, { width: 10, hidden: true }];
  sheet.addRow([`Service listing: ${subject.serviceTitle}`]).font = { bold: true, size: 14 };
  sheet.addRow([
    'Fill in the answers in column B, then upload this file on the listing in your dashboard. Do not add, remove or move rows. Upload documents in the dashboard.',
  ]);
  sheet.getRow(2).getCell(QUESTION_COLUMN).alignment = { wrapText: true };
  sheet.mergeCells(2, QUESTION_COLUMN, 2, HELP_COLUMN);
  sheet.getRow(2).height = 32;
  sheet.addRow([]);
  const header = sheet.addRow(['Question', 'Your answer', 'Help']);
  header.font = { bold: true };

  let choiceLists = 0;
  /** A list of labels on the hidden sheet, for a cell's drop-down (a list written inline breaks on commas). */
  const listRange = (labels: readonly string[]): string => {
    choiceLists += 1;
    const column = choicesSheet.getColumn(choiceLists);
    labels.forEach((label, index) => {
      choicesSheet.getCell(index + 1, choiceLists).value = label;
    });
    const letter = column.letter;
    return `'${CHOICES_SHEET}'!$${letter}$1:$${letter}$${String(Math.max(labels.length, 1))}`;
  };
  const yesNo = listRange([YES, NO]);

  const answerRow = (question: string, help: string, path: (string | number)[], value: ExcelJS.CellValue) => {
    const row = sheet.addRow([question, value, help, fieldKey(path)]);
    row.alignment = { vertical: 'top', wrapText: true };
    const answer = row.getCell(ANSWER_COLUMN);
    answer.protection = { locked: false };
    return answer;
  };

  let stepId = '';
  for (const question of questionsOf(steps)) {
    if (question.stepId !== stepId) {
      stepId = question.stepId;
      sheet.addRow([]);
      const title = steps.find((step) => step.id === stepId)?.title ?? stepId;
      sheet.addRow([title]).font = { bold: true, size: 12 };
    }
    const current = answerAt(data, question.stepId, question.key);
    const path = [question.stepId, question.key];
    const { field } = question;
    switch (field.kind) {
      case 'text': {
        limitLength(answerRow(question.title, question.help, path, typeof current === 'string' ? current : null), field.maxLength);
        break;
      }
      case 'money': {
        const cell = answerRow(`${question.title} (NZ dollars)`, question.help, path, typeof current === 'number' ? Number(centsToDecimal(current)) : null);
        cell.numFmt = '#,##0.00';
        cell.dataValidation = {
          type: 'decimal',
          operator: 'greaterThanOrEqual',
          allowBlank: true,
          formulae: [0],
          showErrorMessage: true,
          error: 'Enter an amount in dollars, like 1250 or 1250.50.',
        };
        break;
      }
      case 'whole-number':
        answerRow(question.title, question.help, path, typeof current === 'number' ? current : null).dataValidation = {
          type: 'whole',
          operator: 'greaterThanOrEqual',
          allowBlank: true,
          formulae: [0],
          showErrorMessage: true,
          error: 'Enter a whole number.',
        };
        break;
      case 'choice':
        answerRow(question.title, question.help || 'Choose one from the list.', path, field.choices.find((choice) => choice.value === current)?.label ?? null).dataValidation = {
          type: 'list',
          allowBlank: true,
          formulae: [listRange(field.choices.map((choice) => choice.label))],
          showErrorMessage: true,
          error: 'Choose one from the list.',
        };
        break;
      case 'yes-no':
        answerRow(question.title, question.help || 'Yes or No.', path, current === true ? YES : current === false ? NO : null).dataValidation = {
          type: 'list',
          allowBlank: true,
          formulae: [yesNo],
        };
        break;
      case 'lines': {
        const lines: unknown[] = Array.isArray(current) ? current : [];
        for (let index = 0; index < field.maxItems; index += 1) {
          const line = lines[index];
          const help = index === 0 ? `${question.help} Leave the rows you do not need empty.`.trim() : '';
          limitLength(answerRow(`${field.itemTitle} ${String(index + 1)}`, help, [...path, index], typeof line === 'string' ? line : null), field.maxLength);
        }
        break;
      }
      case 'choices': {
        sheet.addRow([question.title]).font = { italic: true };
        const chosen = Array.isArray(current) ? current : [];
        field.choices.forEach((choice, index) => {
          const help = index === 0 ? `Answer Yes for each that applies. ${question.help}`.trim() : '';
          answerRow(choice.label, help, [...path, choice.value], chosen.includes(choice.value) ? YES : null).dataValidation = {
            type: 'list',
            allowBlank: true,
            formulae: [yesNo],
          };
        });
        break;
      }
      case 'dashboard-only':
        sheet.addRow([question.title, 'Answer this in the dashboard.']).font = { italic: true };
        break;
    }
  }
  // Protected without a password: a guard against moving rows by mistake, not a lock.
  await sheet.protect('', { selectLockedCells: true, selectUnlockedCells: true, formatColumns: true, formatRows: true });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A cell the template could not read: its address (`B12`), its question and what is wrong. */
export interface TemplateCellError {
  cell: string;
  question: string;
  message: string;
}

/** What an uploaded template gave: the answers of the fields it holds, by step; where each came from. */
export interface ReadTemplate {
  /** The answers of every field the template asks, by step (a field left empty is absent). */
  answers: Record<string, Record<string, unknown>>;
  /** The steps and fields the template asks, so the caller keeps the others as they are. */
  fields: { stepId: string; key: string }[];
  /** The cell of each answer's path (`step.field` or `step.field.index`), to name a cell when the answers fail the form's rules. */
  cellOf: (path: readonly string[]) => { cell: string; question: string } | null;
  errors: TemplateCellError[];
  /** How many answer cells held something. */
  filledCells: number;
}

/** A file the portal cannot take as this listing's template; the message says what to do. */
export class TemplateRefused extends Error {}

/** Control characters other than tabs and line breaks, which a spreadsheet can hold but no answer may. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/gu;

/** A cell's content as text: what a person typed, whatever the spreadsheet made of it, as text the API accepts. */
function cellContent(cell: ExcelJS.Cell): { text: string; number: number | null; error: string | null } {
  const content = rawCellContent(cell);
  return { ...content, text: content.text.replace(CONTROL_CHARACTERS, '').toWellFormed() };
}

function rawCellContent(cell: ExcelJS.Cell): { text: string; number: number | null; error: string | null } {
  const value = cell.value;
  if (value === null || value === undefined) {
    return { text: '', number: null, error: null };
  }
  if (typeof value === 'number') {
    return { text: String(value), number: value, error: null };
  }
  if (typeof value === 'string') {
    return { text: value, number: null, error: null };
  }
  if (typeof value === 'boolean') {
    return { text: value ? YES : NO, number: null, error: null };
  }
  if (value instanceof Date) {
    return { text: value.toISOString().slice(0, 10), number: null, error: null };
  }
  if ('error' in value) {
    return { text: '', number: null, error: `The cell shows the spreadsheet error ${value.error}` };
  }
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    return typeof result === 'number' ? { text: String(result), number: result, error: null } : { text: typeof result === 'string' ? result : '', number: null, error: null };
  }
  if ('richText' in value) {
    return { text: value.richText.map((part) => part.text).join(''), number: null, error: null };
  }
  if ('text' in value) {
    return { text: value.text, number: null, error: null };
  }
  return { text: cell.text, number: null, error: null };
}

function parsePath(text: string): (string | number)[] | null {
  try {
    const path: unknown = JSON.parse(text);
    return Array.isArray(path) && path.every((part) => typeof part === 'string' || typeof part === 'number') ? path : null;
  } catch {
    return null;
  }
}

/** Reads a whole-cents amount from a cell holding a number or dollars typed as text. */
function moneyCents(content: { text: string; number: number | null }): number | undefined {
  if (content.number !== null) {
    const cents = Math.round(content.number * 100);
    return Number.isSafeInteger(cents) && Math.abs(cents - content.number * 100) < 1e-6 ? cents : undefined;
  }
  return parseDollarsToCents(content.text);
}

/**
 * Reads a filled-in template of the form's steps for `subject`; throws `TemplateRefused` when the
 * file is not such a template (another service's, another form version's, not a spreadsheet).
 */
export async function readListingTemplate(steps: readonly FormStep[], subject: TemplateSubject, bytes: Buffer): Promise<ReadTemplate> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's typings name an older Buffer type than Node 20's.
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new TemplateRefused('The file could not be read as a spreadsheet. Upload the template as an Excel workbook (.xlsx).');
  }
  const sheet = workbook.getWorksheet(ANSWERS_SHEET);
  const about = workbook.getWorksheet(ABOUT_SHEET);
  if (!sheet || !about) {
    throw new TemplateRefused('The file is not a listing template. Download the template of this service, fill it in and upload it.');
  }
  const aboutValue = (row: number) => about.getRow(row).getCell(2).value;
  if (aboutValue(1) !== subject.formKey || aboutValue(3) !== subject.serviceId) {
    throw new TemplateRefused(`The file is the template of another service. Download the template of ${subject.serviceTitle} and fill it in.`);
  }
  if (aboutValue(2) !== subject.formVersion) {
    throw new TemplateRefused('The file was made for an earlier version of the listing questions. Download the template again and copy your answers into it.');
  }

  const questions = new Map(questionsOf(steps).map((question) => [fieldKey([question.stepId, question.key]), question]));
  const answers: Record<string, Record<string, unknown>> = {};
  const errors: TemplateCellError[] = [];
  const cells = new Map<string, { cell: string; question: string }>();
  const lines = new Map<string, { index: number; text: string; cell: string }[]>();
  let filledCells = 0;
  const setAnswer = (question: Question, value: unknown) => {
    answers[question.stepId] = { ...answers[question.stepId], [question.key]: value };
  };

  sheet.eachRow((row) => {
    const path = parsePath(row.getCell(FIELD_COLUMN).text);
    if (!path) {
      return;
    }
    const [stepId, key, part] = path;
    const question = questions.get(fieldKey([String(stepId), String(key)]));
    if (!question) {
      return;
    }
    const cell = row.getCell(ANSWER_COLUMN);
    const rowQuestion = row.getCell(QUESTION_COLUMN).text || question.title;
    const where = { cell: cell.address, question: rowQuestion };
    const content = cellContent(cell);
    const text = content.text.trim();
    const fail = (message: string) => errors.push({ ...where, message });
    const pathKey = [question.stepId, question.key, ...(part === undefined || question.field.kind === 'choices' ? [] : [String(part)])].join('.');
    if (!cells.has(pathKey)) {
      cells.set(pathKey, where);
    }
    if (content.error !== null) {
      fail(content.error);
      return;
    }
    if (text === '') {
      return;
    }
    filledCells += 1;
    const { field } = question;
    switch (field.kind) {
      case 'text':
        setAnswer(question, text);
        break;
      case 'money': {
        const cents = moneyCents(content);
        if (cents === undefined || cents < 0) {
          fail('Enter an amount in dollars, like 1250 or 1250.50');
        } else {
          setAnswer(question, cents);
        }
        break;
      }
      case 'whole-number':
        if (content.number !== null && Number.isSafeInteger(content.number) && content.number >= 0) {
          setAnswer(question, content.number);
        } else if (/^\d+$/.test(text) && Number.isSafeInteger(Number(text))) {
          setAnswer(question, Number(text));
        } else {
          fail('Enter a whole number, like 5');
        }
        break;
      case 'choice': {
        const choice = field.choices.find((candidate) => candidate.label.toLowerCase() === text.toLowerCase() || candidate.value === text);
        if (choice) {
          setAnswer(question, choice.value);
        } else {
          fail(`Choose one of: ${field.choices.map((candidate) => candidate.label).join(', ')}`);
        }
        break;
      }
      case 'yes-no':
      case 'choices': {
        const answer = text.toLowerCase();
        if (answer !== 'yes' && answer !== 'no') {
          fail('Enter Yes or No, or leave it empty');
          break;
        }
        if (field.kind === 'yes-no') {
          setAnswer(question, answer === 'yes');
        } else if (answer === 'yes' && field.choices.some((choice) => choice.value === part)) {
          const chosen = answerAt(answers, question.stepId, question.key);
          setAnswer(question, [...(Array.isArray(chosen) ? (chosen as unknown[]) : []), part]);
        }
        break;
      }
      case 'lines': {
        const list = lines.get(pathKey.replace(/\.\d+$/, '')) ?? [];
        list.push({ index: typeof part === 'number' ? part : list.length, text, cell: cell.address });
        lines.set(pathKey.replace(/\.\d+$/, ''), list);
        break;
      }
      case 'dashboard-only':
        break;
    }
  });

  // Lines are kept in row order without the empty rows between them; their errors name their own cells.
  for (const [key, list] of lines) {
    const [stepId = '', field = ''] = key.split('.');
    const question = questions.get(fieldKey([stepId, field]));
    if (!question) {
      continue;
    }
    const ordered = [...list].sort((a, b) => a.index - b.index);
    ordered.forEach((line, index) => {
      cells.set(`${key}.${String(index)}`, { cell: line.cell, question: cells.get(`${key}.${String(line.index)}`)?.question ?? question.title });
    });
    setAnswer(question, ordered.map((line) => line.text));
  }

  const fields = [...questions.values()].filter((question) => question.field.kind !== 'dashboard-only').map(({ stepId, key }) => ({ stepId, key }));
  return {
    answers,
    fields,
    errors,
    filledCells,
    cellOf: (path) => cells.get(path.join('.')) ?? cells.get(path.slice(0, 2).join('.')) ?? null,
  };
}
