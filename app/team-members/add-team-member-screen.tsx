/**
 * The team app's /team-members/add, for a team admin: a person's email address, their name and
 * whether they will be a team admin (stacked radios, none chosen at first). Someone who already has
 * an account joins at once; anyone else is invited by email. Either way the list says which, in its
 * banner. An ordinary team member is told only team admins can add people.
 */
import '../styles/team-members.css';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { MAX_EMAIL_LENGTH, MAX_USER_NAME_LENGTH } from '../../common/api/users';
import { describeApiFailure } from '../lib/api-error';
import { ErrorState } from '../lib/components/error-state';
import { ErrorSummary } from '../lib/components/error-summary';
import { LoadingState } from '../lib/components/loading-state';
import { Radios, YES_OR_NO } from '../lib/components/radios';
import { Screen } from '../lib/components/screen';
import { TextField } from '../lib/components/text-field';
import type { FlashState } from '../lib/use-flash-message';
import {
  addedMessage,
  canManageTeam,
  checkTeamMemberForm,
  hasTeamMemberErrors,
  TEAM_MEMBER_FIELD_IDS,
  teamMemberErrorsFromServer,
  teamMemberSummary,
  toAddTeamMemberRequest,
  type TeamMemberFormErrors,
  type TeamMemberFormValues,
} from './team-member-form';
import { teamMemberPaths } from './team-member-paths';
import { useAddTeamMember, useTeamMembers } from './team-members-api';
import { READ_ONLY_MESSAGE } from './team-members-screen';

const NO_ERRORS: TeamMemberFormErrors = { fields: {}, general: [] };

export function AddTeamMemberScreen() {
  const team = useTeamMembers();
  let content;
  if (team.isPending) {
    content = <LoadingState label="Loading the team…" />;
  } else if (team.isError) {
    content = <ErrorState message={`We could not load the team. ${describeApiFailure(team.error)}`} onRetry={() => void team.refetch()} />;
  } else if (!canManageTeam(team.data)) {
    content = (
      <>
        <p className="notice">{READ_ONLY_MESSAGE}</p>
        <p>
          <Link to={teamMemberPaths.teamMembers()}>Back to the team members</Link>
        </p>
      </>
    );
  } else {
    content = <AddTeamMemberForm />;
  }
  return <Screen title="Add a team member">{content}</Screen>;
}

function AddTeamMemberForm() {
  const navigate = useNavigate();
  const addMember = useAddTeamMember();
  const [values, setValues] = useState<TeamMemberFormValues>({ email: '', name: '', isTeamAdmin: undefined });
  const [errors, setErrors] = useState<TeamMemberFormErrors>(NO_ERRORS);
  // Bumped on every refused submit, so the summary takes focus even when the errors are the same.
  const [refusals, setRefusals] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusals > 0) {
      summaryRef.current?.focus();
    }
  }, [refusals]);

  function refuse(found: TeamMemberFormErrors) {
    setErrors(found);
    setRefusals((count) => count + 1);
  }

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (addMember.isSaving) {
      return;
    }
    const found = checkTeamMemberForm(values);
    if (hasTeamMemberErrors(found)) {
      refuse(found);
      return;
    }
    setErrors(NO_ERRORS);
    addMember.save(toAddTeamMemberRequest(values), {
      onSuccess: (answer) => {
        const state: FlashState = { message: addedMessage(answer) };
        void navigate(teamMemberPaths.teamMembers(), { state });
      },
      onError: (error) => refuse(teamMemberErrorsFromServer(error)),
    });
  }

  return (
    <>
      {hasTeamMemberErrors(errors) && <ErrorSummary ref={summaryRef} errors={teamMemberSummary(errors)} />}
      <p>
        Someone who already has an account joins the team at once. Anyone else is invited by email and joins when they first sign in with that
        address. Either way we email them to say who added them.
      </p>
      <form className="team-member-form" noValidate onSubmit={submit}>
        <TextField
          id={TEAM_MEMBER_FIELD_IDS.email}
          label="Email address"
          hint="The address they sign in with."
          type="email"
          value={values.email}
          maxLength={MAX_EMAIL_LENGTH}
          error={errors.fields.email}
          onChange={(email) => setValues((current) => ({ ...current, email }))}
        />
        <TextField
          id={TEAM_MEMBER_FIELD_IDS.name}
          label="Name"
          hint="Used in the email. Someone who already has an account keeps the name on it."
          value={values.name}
          maxLength={MAX_USER_NAME_LENGTH}
          error={errors.fields.name}
          onChange={(name) => setValues((current) => ({ ...current, name }))}
        />
        <Radios
          id={TEAM_MEMBER_FIELD_IDS.isTeamAdmin}
          name="isTeamAdmin"
          legend="Will they be a team admin?"
          hint="Team admins can add people to the team and remove them. Every team member can use the rest of the console."
          options={YES_OR_NO}
          value={values.isTeamAdmin}
          error={errors.fields.isTeamAdmin}
          onChange={(isTeamAdmin) => setValues((current) => ({ ...current, isTeamAdmin }))}
        />
        <div className="form-actions">
          {/* Not disabled while saving: a disabled button would drop the keyboard focus. */}
          <button type="submit" className="button" aria-disabled={addMember.isSaving || undefined}>
            {addMember.isSaving ? 'Please wait…' : 'Add to the team'}
          </button>
          <Link to={teamMemberPaths.teamMembers()}>Cancel</Link>
        </div>
      </form>
    </>
  );
}
