/**
 * The registration's start page (GOV.UK's start page pattern; issue 27, item 9): what registering
 * is for, what a person needs before starting (the questions of the stored form, in its order), how
 * long it takes, what happens next, and Start now. The server draws it alone, without the register
 * app: a page of plain text and one link needs none, and works without JavaScript. It is at
 * REGISTER_START_PATH, where the site's links to registering lead, because the spec has the wizard's
 * root redirect to its first step (§2): that redirect, and every step's path, stay as the spec says.
 */
/** An upload's size limit as people read it: '10 MB', or '512 kB' under a megabyte. */
export function describeUploadLimit(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1 ? `${String(Math.floor(megabytes))} MB` : `${String(Math.max(1, Math.floor(bytes / 1024)))} kB`;
}

export function RegisterStartPage({
  productName,
  firstStepPath,
  reviewTargetDays,
  uploadMaxBytes,
}: {
  productName: string;
  firstStepPath: string;
  reviewTargetDays: number;
  uploadMaxBytes: number;
}) {
  return (
    <div className="container screen register-step register-start">
      <h1>Register your business</h1>
      <p className="lede">
        Register your business to sell to government agencies through the {productName}. Once the {productName} team has approved your
        registration, you can apply to offer your services in its catalogues.
      </p>
      <p>If your business is already registered, ask its admin on the {productName} to invite you instead.</p>
      <h2>Before you start</h2>
      <p>You will need your business&apos;s:</p>
      <ul>
        <li>
          New Zealand Business Number (NZBN), or for an Australian business its Australian Business Number (ABN) and any Australian
          Company Number (ACN)
        </li>
        <li>trading name and legal name</li>
        <li>registered address, head office address, and a business email address and phone number</li>
        <li>type and status, the name of its owner or chief executive, and its industry classification code (ANZSIC or BIC) if you know it</li>
        <li>GST number, if it is registered for GST</li>
        <li>size, how many years it has traded, and where it operates</li>
        <li>
          latest financial statement, if you will send one: a PDF, Word or Excel file, or an image, up to {describeUploadLimit(uploadMaxBytes)}
        </li>
        <li>details of any investigation, contract dispute or legal proceedings in the last five years</li>
        <li>insurance policies, and the cover of each in dollars</li>
        <li>sales channel, catalogue and services you want to offer first</li>
      </ul>
      <h2>How long it takes</h2>
      <p>
        About 20 minutes. Your answers are kept in this browser, on this device, as you go: you can close the page and come back to them.
        Nothing is sent until you submit.
      </p>
      <h2>What happens next</h2>
      <p>
        We email you a reference when you submit. The {productName} team reviews every registration, and aims to do so within{' '}
        {String(reviewTargetDays)} working days; it may contact your business to check some details. Once it approves your registration,
        we email you a link to create your account, as the admin of your business&apos;s account.
      </p>
      <p>
        <a href={firstStepPath} role="button" draggable="false" className="button button--start">
          Start now
          <svg xmlns="http://www.w3.org/2000/svg" width="17.5" height="19" viewBox="0 0 33 40" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M0 0h13l20 20-20 20H0l20-20z" />
          </svg>
        </a>
      </p>
    </div>
  );
}
