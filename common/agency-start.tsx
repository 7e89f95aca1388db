/**
 * The agency form's start page (spec §2 "Agency form": / is the agency start), shared by the page
 * shell and the agency app: the server draws it for a visitor with no saved answers, who then
 * fetches no app at all until Start now, and the app draws the same screen once it is mounted
 * (a visitor with saved answers, or back at the start from a step). Each side passes its own links.
 */
import type { ReactNode } from 'react';

/**
 * What this form is, who should fill it in, what they need and how long it takes; then `actions`
 * (Start now, or Continue and Start again) and `help`, the way to the team. `notice` comes first.
 */
export function AgencyStartScreen({ productName, notice, actions, help }: { productName: string; notice?: ReactNode; actions: ReactNode; help: ReactNode }) {
  return (
    <div className="screen">
      <h1>Register your agency</h1>
      {notice}
      <p>
        Register your agency to buy from the approved suppliers of the {productName}. Once the team approves your registration, your agency
        can engage suppliers, and suppliers can name your agency in their engagement notices and billing reports.
      </p>
      <h2>Who should fill in this form</h2>
      <p>
        Someone who can act for a government agency: a public service department, Crown entity, council, school or other public
        organisation. Usually a procurement or finance manager. Each agency registers once.
      </p>
      <h2>What you need</h2>
      <ul>
        <li>your agency&apos;s legal name, and its New Zealand Business Number (NZBN) if it has one</li>
        <li>your work email address and phone number</li>
        <li>the names and email addresses of your procurement contact and your finance or invoicing contact</li>
        <li>a rough idea of what your agency plans to buy, and how much it expects to spend each year</li>
      </ul>
      <h2>How long it takes</h2>
      <p>
        About 10 minutes. You can save your answers and come back later: we email you a link. The team reviews each registration and
        emails you its decision, usually within 5 working days.
      </p>
      {actions}
      {help}
    </div>
  );
}

/** The way to the team from every screen of the form; `contactLink` reads 'Contact the team'. */
export function AgencyHelp({ contactLink }: { contactLink: ReactNode }) {
  return <p className="agency-help">Need help with this form? {contactLink}.</p>;
}
