/** The mails' links (common/thread-addresses.ts) go where the apps' routes are. */
import { describe, expect, it } from 'vitest';
import { DASHBOARD_PATH, TEAM_APP_PATH } from '../../common/site-paths';
import { dashboardRecordPath, teamThreadPath } from '../../common/thread-addresses';
import { applicationsPaths } from '../applications/applications-paths';
import { reportingPaths } from '../reporting/reporting-paths';
import { supplierDetailsPaths } from '../supplier-details/supplier-details-paths';
import { teamInboxPaths } from './team-inbox-paths';

describe('the addresses of a thread in its mails', () => {
  it('are the dashboard screens of its record, and the team inbox thread', () => {
    expect(dashboardRecordPath('application', 7)).toBe(`${DASHBOARD_PATH}${applicationsPaths.application(7)}`);
    expect(dashboardRecordPath('engagement-notice', 7)).toBe(`${DASHBOARD_PATH}${reportingPaths.engagementNotice(7)}`);
    expect(dashboardRecordPath('billing-report', 7)).toBe(`${DASHBOARD_PATH}${reportingPaths.billingReport(7)}`);
    expect(dashboardRecordPath('supplier', 7)).toBe(`${DASHBOARD_PATH}${supplierDetailsPaths.supplier()}`);
    expect(dashboardRecordPath('something-else', 7)).toBe(DASHBOARD_PATH);
    expect(teamThreadPath(12)).toBe(`${TEAM_APP_PATH}${teamInboxPaths.thread(12)}`);
  });
});
