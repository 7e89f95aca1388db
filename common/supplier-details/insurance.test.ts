import { describe, expect, it } from 'vitest';
import { supplierDetailsForm } from './form';
import { applyInsuranceChange, INSURANCE_STEP_ID, INSURANCE_TYPES, knownInsuranceType, stepChangeOf, withOtherInsuranceListed } from './insurance';

describe('insurance types (spec §3)', () => {
  it('asks about insurance in the step the rule names', () => {
    const steps = supplierDetailsForm.steps.filter((step) => 'insurance' in (step.schema.properties as object));
    expect(steps.map((step) => step.id)).toEqual([INSURANCE_STEP_ID]);
    expect(Object.keys((steps[0]?.schema.properties as { insurance: { properties: object } }).insurance.properties)).toEqual(
      INSURANCE_TYPES.map((type) => type.key),
    );
  });

  it('knows the nine types by key or label, whatever the case and spacing, and no other', () => {
    expect(knownInsuranceType('public_liability')).toBe('public_liability');
    expect(knownInsuranceType(' Public  Liability ')).toBe('public_liability');
    expect(knownInsuranceType('WORKERS-COMPENSATION')).toBe('workers_compensation');
    expect(knownInsuranceType('Marine cargo')).toBeUndefined();
    expect(knownInsuranceType('toString')).toBeUndefined();
  });

  it('lists other types kept inside insurance by an earlier save; answers without any are returned as they are', () => {
    const clean = { insurance: { property: 1 }, other_insurance: ['Marine cargo'] };
    expect(withOtherInsuranceListed(clean)).toBe(clean);
    expect(withOtherInsuranceListed({ insurance: { 'Marine Cargo': 5, 'Key person': 1 }, other_insurance: ['marine cargo'] })).toEqual({
      other_insurance: ['marine cargo', 'Key person'],
    });
  });

  it('merges a change into the stored answers: named types change, others are kept, other types are listed once', () => {
    const saved = { insurance: { property: 1, cyber_liability: 2 }, other_insurance: ['Marine cargo'] };
    expect(applyInsuranceChange(saved, { has_legal: 'no' })).toEqual({ changes: { has_legal: 'no' }, errors: [] });
    expect(applyInsuranceChange(saved, { insurance: { property: null, 'MARINE CARGO': 3 } })).toEqual({
      changes: { insurance: { property: null, cyber_liability: 2 }, other_insurance: ['Marine cargo'] },
      errors: [],
    });
    expect(applyInsuranceChange(saved, { insurance: { 'Key person': 3 } }).changes.other_insurance).toEqual(['Marine cargo', 'Key person']);
  });

  it('has the edit screen of the insurance step send each blank type as null, and other steps as they are', () => {
    const sent = stepChangeOf('validation', { has_legal: 'no', insurance: { property: 5 } });
    expect(sent.insurance).toEqual({ ...Object.fromEntries(INSURANCE_TYPES.map(({ key }) => [key, null])), property: 5 });
    expect(stepChangeOf('company-details', { trading_name: 'Acme' })).toEqual({ trading_name: 'Acme' });
  });
});
