// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { buildAgency, buildCurrentUser } from './test/factories';
import { isGeneralPage, landingPathFromGeneralPage } from './auth-callback';

describe('where a team member lands after signing in', () => {
  it('on the team app from a general page; a deep link is kept', () => {
    expect(isGeneralPage('/')).toBe(true);
    expect(isGeneralPage('/dashboard')).toBe(true);
    expect(isGeneralPage('/dashboard/?tab=1')).toBe(true);
    expect(isGeneralPage('/dashboard/applications/application/3')).toBe(false);
    expect(isGeneralPage('/approved-suppliers?channel=digital')).toBe(false);
  });
});

describe('landingPathFromGeneralPage', () => {
  const agency = buildAgency({ agencyID: 4 });
  const teamMember = buildCurrentUser({ suppliers: [] });
  teamMember.user.isTeamMember = true;

  it('sends a team member to the team app, even one who belongs to an agency', () => {
    expect(landingPathFromGeneralPage('/', teamMember)).toBe('/admin');
    expect(landingPathFromGeneralPage('/dashboard', { ...teamMember, agencies: [agency], activeAgency: agency })).toBe('/admin');
  });

  it('sends a person acting for an agency to the agency dashboard (issue 31)', () => {
    expect(landingPathFromGeneralPage('/', buildCurrentUser({ suppliers: [], agencies: [agency] }))).toBe('/agency');
    expect(landingPathFromGeneralPage('/dashboard', buildCurrentUser({ agencies: [agency], activeAgency: agency }))).toBe('/agency');
  });

  it('keeps a supplier\'s person, and anyone who could not be told, where they were', () => {
    expect(landingPathFromGeneralPage('/dashboard', buildCurrentUser({ agencies: [agency], activeAgency: null }))).toBe('/dashboard');
    expect(landingPathFromGeneralPage('/', null)).toBe('/');
  });
});
