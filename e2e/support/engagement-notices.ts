/**
 * Engagement notices a journey sends through the API, as Kōwhai Digital (demo.admin), so that it
 * has its own to answer: each a copy of the demo's notice naming the Ministry for Regional
 * Development under the journey's own title.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { EngagementNoticeListResponse, EngagementNoticeResponse, SaveEngagementNoticeResponse } from '../../common/api/engagement-notices';
import { SUPPLIER_HEADER } from '../../common/constants';
import { NOTICE_STEPS } from '../../common/reporting/engagement-notices';
import { supplierApiHeaders } from './session';

/** Kōwhai Digital's demo notice naming the ministry, whose agency, services, dates and value the journeys' notices copy. */
const MODEL_NOTICE = 'Regional services portal';
export const MODEL_NOTICE_AGENCY = 'Ministry for Regional Development';

/**
 * Sends a notice like the demo's MODEL_NOTICE under its own title, as the supplier signed in on
 * `page`, with `dates` (start_date, end_date) instead of the model's if given; its id.
 */
export async function sendNotice(page: Page, title: string, dates?: { start_date: string; end_date: string }): Promise<number> {
  const headers = await supplierApiHeaders(page);
  const json = async <T>(response: Awaited<ReturnType<Page['request']['get']>>): Promise<T> => {
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as T;
  };
  const list = await json<EngagementNoticeListResponse>(await page.request.get('/api/v1/engagement-notice', { headers }));
  const modelId = list.engagementNotices.find((notice) => notice.title === MODEL_NOTICE)?.id;
  expect(modelId, MODEL_NOTICE).toBeDefined();
  const model = await json<EngagementNoticeResponse>(await page.request.get(`/api/v1/engagement-notice/${String(modelId)}`, { headers }));
  expect(model.agency?.name).toBe(MODEL_NOTICE_AGENCY);
  const saved = await json<SaveEngagementNoticeResponse>(
    await page.request.post('/api/v1/engagement-notice/save', {
      headers,
      data: {
        form: { key: model.form.key, version: model.form.version },
        progress: model.form.steps.length,
        engagementNotice: {
          ...model.data,
          engagement: { ...model.data.engagement, title },
          ...(dates ? { [NOTICE_STEPS.datesAndValue]: { ...model.data[NOTICE_STEPS.datesAndValue], ...dates } } : {}),
        },
        supplierID: Number(headers[SUPPLIER_HEADER]),
        status: 'submitted',
      },
    }),
  );
  return saved.engagementNoticeId;
}
