/**
 * Listing templates (issue 30, spec §4 stage 4): the supplier downloads a service's template, a
 * real Excel workbook made from the stored form and filled in with the listing's answers so far,
 * fills it in offline and uploads it; the portal reads it into the listing's answers for the
 * supplier to check, with an error naming each cell it cannot read, and stores nothing. Files that
 * are not this service's template, another supplier's services and a listing under review are refused.
 */
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_NOT_EDITABLE, LISTING_NOT_FOUND, type ReadListingTemplateResponse, type ServiceListingResponse } from '../../../common/api/service-listings';
import { SERVICE_LISTING_FORM_KEY } from '../../../common/listings/service-listings';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createApplicantSupplier, createTestApplication, type ApplicantSupplier } from '../applications/team-test-support';
import { createChannel, serviceId, type CreatedChannel } from '../directory/test-support';
import { multipartBody, PDF_BYTES, uploadFile } from '../uploads/test-support';
import { completeListingAnswers, createTestListing } from './test-support';

type CellAnswer = string | number | boolean | null;

/** The answer cells of a template by their hidden field name (`["pricing","price_from"]`). */
async function openTemplate(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Listing');
  if (!sheet) {
    throw new Error('no Listing sheet');
  }
  const rows = new Map<string, ExcelJS.Row>();
  sheet.eachRow((row) => {
    const key = row.getCell(4).text;
    if (key.startsWith('[')) {
      rows.set(key, row);
    }
  });
  return {
    workbook,
    sheet,
    question: (path: unknown[]) => rows.get(JSON.stringify(path))?.getCell(1).text,
    answer: (path: unknown[]) => rows.get(JSON.stringify(path))?.getCell(2).value,
    address: (path: unknown[]) => rows.get(JSON.stringify(path))?.getCell(2).address,
    fill: (answers: [unknown[], CellAnswer][]) => {
      for (const [path, value] of answers) {
        const row = rows.get(JSON.stringify(path));
        if (!row) {
          throw new Error(`no row ${JSON.stringify(path)}`);
        }
        row.getCell(2).value = value;
      }
    },
    bytes: async () => Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}

/** A blank template filled in as a supplier would, every required answer given. */
const FILLED: [unknown[], CellAnswer][] = [
  [['about', 'summary'], 'Cloud backups for agencies, restored within the hour.'],
  [['about', 'features', 0], 'Hourly snapshots'],
  [['about', 'features', 2], 'Restore tests each month'],
  [['about', 'benefits', 0], 'Nothing is lost'],
  [['delivery', 'delivery_modes', 'remote'], 'Yes'],
  [['delivery', 'delivery_modes', 'on_site'], 'no'],
  [['delivery', 'locations', 'Otago'], 'yes'],
  [['delivery', 'locations', 'Auckland'], 'Yes'],
  [['pricing', 'pricing_model'], 'Day rate'],
  [['pricing', 'price_from'], 1250.5],
  [['pricing', 'price_to'], '$2,000'],
  [['pricing', 'price_unit'], 'per day'],
  [['pricing', 'included'], 'A consultant and their travel.'],
  [['service-levels', 'service_levels'], 'Answers within one working day.'],
];

describe('listing templates', () => {
  let context: TestContext;
  let channel: CreatedChannel;
  let supplier: ApplicantSupplier;
  let other: ApplicantSupplier;

  const backups = () => serviceId(channel, 'Template backups');
  const hosting = () => serviceId(channel, 'Template hosting');
  const support = () => serviceId(channel, 'Template support');

  beforeAll(async () => {
    context = await buildTestApp();
    channel = await createChannel(context.database.db, {
      title: 'Template Channel',
      catalogues: [{ title: 'Template Operations', services: [{ title: 'Template backups' }, { title: 'Template hosting' }, { title: 'Template support' }] }],
    });
    supplier = await createApplicantSupplier(context, 'Tōtara Templates');
    other = await createApplicantSupplier(context, 'Other Templates');
    const application = await createTestApplication(context, {
      supplierId: supplier.supplierId,
      status: 'granted',
      services: [{ serviceId: backups(), status: 'granted' }, { serviceId: hosting(), status: 'granted' }, { serviceId: support(), status: 'granted' }],
    });
    await createTestListing(context.database.db, { supplierId: supplier.supplierId, serviceId: support(), applicationId: application.id, status: 'in_review' });
    await createTestApplication(context, { supplierId: other.supplierId, status: 'granted', services: [{ serviceId: hosting(), status: 'granted' }] });
  });
  afterAll(() => context.close());

  const download = (who: ApplicantSupplier | null, service: number) =>
    context.app.inject({ method: 'GET', url: `/api/v1/listing/${String(service)}/template.xlsx`, headers: who?.headers ?? {} });
  const upload = (who: ApplicantSupplier | null, service: number, content: Buffer, fileName = 'template.xlsx') => {
    const body = multipartBody({ fileName, content });
    return context.app.inject({
      method: 'POST',
      url: `/api/v1/listing/${String(service)}/template`,
      headers: { ...(who?.headers ?? {}), 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const blankTemplate = async (service: number) => {
    const response = await download(supplier, service);
    expect(response.statusCode).toBe(200);
    return openTemplate(response.rawPayload);
  };

  it('downloads a service’s template: a workbook of the stored form’s questions, a row per feature and per region', async () => {
    const response = await download(supplier, backups());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''Listing%20template%20-%20Template%20backups.xlsx`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const template = await openTemplate(response.rawPayload);
    expect(template.sheet.getCell('A1').text).toBe('Service listing: Template backups');
    expect(template.question(['about', 'summary'])).toBe('Summary');
    expect(template.question(['about', 'features', 9])).toBe('Feature 10');
    expect(template.question(['about', 'features', 10])).toBeUndefined();
    expect(template.question(['delivery', 'locations', "Hawke's Bay"])).toBe("Hawke's Bay");
    expect(template.question(['delivery', 'delivery_modes', 'on_site'])).toBe('On site at the agency');
    expect(template.question(['pricing', 'price_from'])).toBe('Lowest price (NZ dollars)');
    // The pricing model is a drop-down of its labels, kept on a hidden sheet.
    const model = template.sheet.getCell(template.address(['pricing', 'pricing_model']) ?? 'A1');
    expect(model.dataValidation.type).toBe('list');
    expect(template.workbook.getWorksheet('Choices')?.getColumn(2).values.filter(Boolean)).toEqual(['Fixed price', 'Day rate', 'Price per unit', 'Subscription']);
    // Documents are uploaded in the dashboard: the template has no cell for them.
    expect(template.question(['documents', 'documents'])).toBeUndefined();
    expect(template.answer(['about', 'summary'])).toBeNull();
  });

  it('reads a filled-in template into the answers for the supplier to check, and stores nothing', async () => {
    const template = await blankTemplate(backups());
    template.fill(FILLED);
    const response = await upload(supplier, backups(), await template.bytes());
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ReadListingTemplateResponse>();
    expect(body.filledCells).toBe(FILLED.length);
    expect(body.data).toEqual({
      about: { summary: 'Cloud backups for agencies, restored within the hour.', features: ['Hourly snapshots', 'Restore tests each month'], benefits: ['Nothing is lost'] },
      delivery: { delivery_modes: ['remote'], locations: ['Auckland', 'Otago'] },
      pricing: { pricing_model: 'day_rate', price_from: 125_050, price_to: 200_000, price_unit: 'per day', included: 'A consultant and their travel.' },
      'service-levels': { service_levels: 'Answers within one working day.' },
    });
    const listing = await context.app.inject({ method: 'GET', url: `/api/v1/listing/${String(backups())}`, headers: supplier.headers });
    expect(listing.json<ServiceListingResponse>().id).toBeNull();
  });

  it('fills the template in with the saved answers, and keeps the documents, which the template does not ask', async () => {
    const file = (await uploadFile(context.app, supplier.headers, {}, 'ListingDocuments')).json<{ files: { id: string }[] }>().files[0]?.id ?? '';
    const saved = await context.app.inject({
      method: 'PUT',
      url: `/api/v1/listing/${String(hosting())}`,
      headers: supplier.headers,
      payload: { form: { key: SERVICE_LISTING_FORM_KEY, version: 1 }, data: completeListingAnswers(file) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const template = await blankTemplate(hosting());
    expect(template.answer(['about', 'summary'])).toBe('Managed backups for agencies, tested monthly.');
    expect(template.answer(['about', 'features', 1])).toBe('Monthly restore test');
    expect(template.answer(['delivery', 'locations', 'Canterbury'])).toBe('Yes');
    expect(template.answer(['delivery', 'locations', 'Auckland'])).toBeNull();
    expect(template.answer(['pricing', 'pricing_model'])).toBe('Subscription');
    expect(template.answer(['pricing', 'price_from'])).toBe(500);

    template.fill([
      [['pricing', 'price_from'], 600],
      [['about', 'features', 1], null],
      // Control characters a spreadsheet can hold, which no answer may: left out.
      [['pricing', 'price_unit'], 'per\u0000 month\u0007'],
    ]);
    const response = await upload(supplier, hosting(), await template.bytes());
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<ReadListingTemplateResponse>();
    expect(data.pricing).toMatchObject({ price_from: 60_000, price_to: 150_000, price_unit: 'per month' });
    expect(data.about).toMatchObject({ features: ['Daily backups'] });
    expect(data.documents).toEqual(completeListingAnswers(file).documents);
  });

  it('names each cell it cannot read, and the cells that break the form’s rules', async () => {
    const template = await blankTemplate(backups());
    template.fill([
      ...FILLED,
      [['pricing', 'price_from'], 'about a thousand'],
      [['pricing', 'pricing_model'], 'Hourly'],
      [['delivery', 'locations', 'Nelson'], 'Maybe'],
      [['about', 'features', 4], 'x'.repeat(201)],
    ]);
    const response = await upload(supplier, backups(), await template.bytes());
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; details: { field: string; message: string }[] }>();
    expect(body.message).toBe('There are 3 problems with the template. Correct them and upload it again.');
    expect(body.details).toEqual([
      { field: template.address(['delivery', 'locations', 'Nelson']), message: 'Nelson: Enter Yes or No, or leave it empty' },
      { field: template.address(['pricing', 'pricing_model']), message: 'How the service is priced: Choose one of: Fixed price, Day rate, Price per unit, Subscription' },
      { field: template.address(['pricing', 'price_from']), message: 'Lowest price (NZ dollars): Enter an amount in dollars, like 1250 or 1250.50' },
    ]);

    // Once every cell reads, the form's own rules name their cells: a feature too long, a range upside down.
    template.fill([
      [['pricing', 'price_from'], 3000],
      [['pricing', 'pricing_model'], 'day rate'],
      [['delivery', 'locations', 'Nelson'], null],
    ]);
    const second = await upload(supplier, backups(), await template.bytes());
    expect(second.statusCode).toBe(400);
    const details = second.json<{ details: { field: string; message: string }[] }>().details;
    expect(details).toContainEqual({ field: template.address(['pricing', 'price_to']), message: 'Highest price (optional) (NZ dollars): The highest price must be the same as or more than the lowest price' });
    // The long feature is the third one given, in the row of "Feature 5".
    expect(details).toContainEqual(expect.objectContaining({ field: template.address(['about', 'features', 4]) }));
    expect(details).toHaveLength(2);
  });

  it('refuses a file that is not this service’s template, and one with no answers', async () => {
    const others = await blankTemplate(hosting());
    const wrongService = await upload(supplier, backups(), await others.bytes());
    expect(wrongService.statusCode).toBe(400);
    expect(wrongService.json<{ message: string }>().message).toBe('The file is the template of another service. Download the template of Template backups and fill it in.');

    const empty = await upload(supplier, backups(), await (await blankTemplate(backups())).bytes());
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toBe('The template has no answers in it. Fill in column B, then upload it again.');

    const pdf = await upload(supplier, backups(), PDF_BYTES, 'template.pdf');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json<{ message: string }>().message).toBe('The file could not be read as a spreadsheet. Upload the template as an Excel workbook (.xlsx).');

    const plain = new ExcelJS.Workbook();
    plain.addWorksheet('Sheet1').getCell('A1').value = 'Summary';
    const notTemplate = await upload(supplier, backups(), Buffer.from(await plain.xlsx.writeBuffer()));
    expect(notTemplate.statusCode).toBe(400);
    expect(notTemplate.json<{ message: string }>().message).toBe('The file is not a listing template. Download the template of this service, fill it in and upload it.');
  });

  it('refuses a small file that would unpack to far more than a template holds', async () => {
    // One entry of 30 MB of zeros, deflated to about 30 kB.
    const packed = deflateRawSync(Buffer.alloc(30 * 1024 * 1024));
    const name = Buffer.from('xl/workbook.xml');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(100, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.length, 20);
    // It claims to unpack to 100 bytes: the claim is not believed.
    central.writeUInt32LE(100, 24);
    central.writeUInt16LE(name.length, 28);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length + name.length, 12);
    end.writeUInt32LE(local.length + name.length + packed.length, 16);
    const bomb = Buffer.concat([local, name, packed, central, name, end]);
    const response = await upload(supplier, backups(), bomb);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('The file could not be read as a spreadsheet. Upload the template as an Excel workbook (.xlsx).');
  });

  it('keeps another supplier’s services out of reach, needs a signed-in supplier, and takes no template while the team reviews the listing', async () => {
    expect((await download(other, backups())).statusCode).toBe(404);
    const template = await blankTemplate(backups());
    template.fill(FILLED);
    const bytes = await template.bytes();
    const foreign = await upload(other, backups(), bytes);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ message: string }>().message).toBe(LISTING_NOT_FOUND);
    expect((await download(null, backups())).statusCode).toBe(401);
    expect((await upload(null, backups(), bytes)).statusCode).toBe(401);

    const inReview = await blankTemplate(support());
    inReview.fill(FILLED);
    const locked = await upload(supplier, support(), await inReview.bytes());
    expect(locked.statusCode).toBe(409);
    expect(locked.json<{ message: string }>().message).toBe(LISTING_NOT_EDITABLE);
  });
});
