/**
 * The console home's word on failed mail and jobs (issue 28 item 5), for team admins, who alone can
 * act on them: how many failed and how many wait to be retried, linked to the screen that lists
 * them. Nothing for a team member who is not an admin, nor while the counts load or if they could
 * not be read (the home's queues say when the server cannot be reached).
 */
import { Link } from 'react-router';
import { backgroundJobPaths } from './background-job-paths';
import { useBackgroundJobSummary } from './background-jobs-api';
import { countsText } from './background-job-words';

export function BackgroundJobsHomePanel() {
  const summary = useBackgroundJobSummary();
  if (!summary.isSuccess || !summary.data.canManage) {
    return null;
  }
  const { failed, waiting } = summary.data;
  return (
    <section className="background-jobs-home" aria-labelledby="background-jobs-home-heading">
      <h2 id="background-jobs-home-heading">Mail and background jobs</h2>
      {failed + waiting === 0 ? (
        <p>No email or background job has failed.</p>
      ) : (
        <p>
          {countsText({ failed, waiting })}.{' '}
          <Link to={backgroundJobPaths.backgroundJobs()}>See failed mail and jobs</Link>
        </p>
      )}
    </section>
  );
}
