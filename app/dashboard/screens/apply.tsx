/** The steps of applying for services (spec §2, child screens of /applications/apply). */
import { useParams } from 'react-router';
import { Screen } from '../../lib/components/screen';

export function ConfirmCompanyDetailsScreen() {
  return (
    <Screen title="Confirm company details">
      <p>Check the company details the application will be assessed on, and correct any that have changed.</p>
    </Screen>
  );
}

export function ApplyForServicesScreen() {
  return (
    <Screen title="Apply for services">
      <p>Choose the sales channels, catalogues and services your business applies to provide.</p>
    </Screen>
  );
}

export function TermsAndConditionsScreen() {
  return (
    <Screen title="Terms and conditions">
      <p>The terms your business agrees to as an approved supplier.</p>
    </Screen>
  );
}

export function OnboardingScreen() {
  return (
    <Screen title="Onboarding">
      <p>What happens after you apply, and what the assessment team will ask of you.</p>
    </Screen>
  );
}

export function ApplicationStepScreen() {
  const { id = '1' } = useParams();
  return (
    <Screen title={`Application step ${id}`}>
      <p>The questions of this step of your application. Your answers are saved as you go.</p>
    </Screen>
  );
}

export function ConfirmationScreen() {
  return (
    <Screen title="Confirmation">
      <p>A summary of your application to check before you submit it.</p>
    </Screen>
  );
}

export function ApplicationSubmittedScreen() {
  return (
    <Screen title="Application successfully submitted">
      <p>Your application is queued for review. Its status is shown on your applications list.</p>
    </Screen>
  );
}

export function ApplyContactScreen() {
  return (
    <Screen title="Contact">
      <p>How to reach the team that assesses applications if you have a question about applying.</p>
    </Screen>
  );
}
