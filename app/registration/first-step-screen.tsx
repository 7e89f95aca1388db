/**
 * The registration's first step as the server draws it (server/modules/registration/page-routes.tsx):
 * the frame and the form the app draws, empty, in the app's shell. A first visitor reads it and
 * starts filling it in at once; the app loads on their first use of it and takes over with what they
 * typed and where they were (first-visit.ts, app/lib/take-over.ts). This module and what it imports
 * hold no stylesheet imports, so the server can load them.
 */
import type { ValidatorType } from '@rjsf/utils';
import type { RegisterSettings } from '../../common/registration/steps';
import { RouteAnnouncer } from '../lib/components/route-announcer';
import { SchemaForm } from '../lib/forms/schema-form';
import { registrationWidgets } from './catalogue-widgets';
import { BackToStartLink, RegisterStepFrame, StepContinueButton } from './step-frame';

export function FirstStepScreen({ settings, validator }: { settings: RegisterSettings; validator: ValidatorType }) {
  const step = settings.form.steps[0];
  if (!step) {
    return null;
  }
  return (
    <div className="routed-app container">
      <RouteAnnouncer message="" />
      <RegisterStepFrame settings={settings} index={0} backLink={<BackToStartLink />}>
        <SchemaForm
          step={step}
          validator={validator}
          formData={{}}
          widgets={registrationWidgets}
          formContext={{ fileNames: {}, channels: settings.channels, answers: {} }}
          onSubmit={() => undefined}
        >
          <StepContinueButton />
        </SchemaForm>
      </RegisterStepFrame>
    </div>
  );
}
