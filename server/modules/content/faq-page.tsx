/**
 * Frequently asked questions about buying from and selling on the marketplace: an accordion whose
 * search box (added by app/widgets/accordion.ts) filters the questions from 3 characters.
 */
import { Fragment, type ReactNode } from 'react';
import { helpSideNav } from './help-nav';
import { COOKIES_PATH, FAQ_PATH } from '../../../common/site-paths';
import type { TeamContact } from '../../../common/page-data';
import { AGENCY_FORM_PATH } from '../../../common/agency-form';
import { REGISTER_START_PATH } from '../../../common/registration/steps';
import { TeamContactLinks } from '../../pages/contact-links';
import { ContentLayout } from '../../pages/side-nav';

interface Question {
  question: string;
  answer: ReactNode;
}

function questions(productName: string): Question[] {
  return [
    {
      question: 'Who can buy through the marketplace?',
      answer: (
        <p>
          Government agencies in New Zealand and Australia: public service departments, Crown entities, state and local
          government bodies and other public organisations that have registered with the {productName}. Anyone can search
          the directory of approved suppliers without signing in.
        </p>
      ),
    },
    {
      question: 'How do I find a supplier for a service?',
      answer: (
        <p>
          Search the <a href="/approved-suppliers">approved-suppliers directory</a> by name or keyword, or browse the{' '}
          <a href="/sales-channels">sales channels</a>: each channel lists its catalogues, each catalogue its services,
          and each service the suppliers approved to provide it. Every supplier has a profile page with its contact
          details.
        </p>
      ),
    },
    {
      question: 'Does my agency need to register before it buys?',
      answer: (
        <p>
          Yes, once for your agency. Fill in the <a href={AGENCY_FORM_PATH}>agency registration form</a>: it takes about 10 minutes,
          and you can save your answers and come back later. The {productName} team reviews it and confirms your registration by email.
        </p>
      ),
    },
    {
      question: 'Can I download the list of suppliers?',
      answer: (
        <p>
          Yes. In the directory, choose a sales channel, catalogue or service to narrow the list, then select Download
          Selected Suppliers. The spreadsheet (CSV) lists each supplier&apos;s name, channel, catalogue and service.
        </p>
      ),
    },
    {
      question: 'How do I engage an approved supplier?',
      answer: (
        <p>
          Contact the supplier directly using the details on its profile and follow your agency&apos;s procurement rules,
          for example by asking several suppliers for quotes. The terms of each catalogue already cover the conditions
          every approved supplier has agreed to, so you do not need to run an open tender to engage one.
        </p>
      ),
    },
    {
      question: 'What does a supplier report once it is engaged?',
      answer: (
        <p>
          An engagement notice when it starts work for an agency, and billing reports of what it has invoiced. These
          reports let the {productName} team track spend across government. Until they can be sent from the dashboard,
          suppliers email them to the {productName} team: the dashboard&apos;s Engagement notices and Billing reports
          screens say what to include.
        </p>
      ),
    },
    {
      question: 'How does my business become an approved supplier?',
      answer: (
        <p>
          <a href={REGISTER_START_PATH}>Register your business</a> online; once the {productName} team approves it, create your
          account from the emailed link, sign in and apply for the services you want to offer. Your application moves through
          submission, pre-assessment and assessment. Once services are granted you complete your listing details, and
          when your listings are published your business is an approved supplier and appears in the directory.
        </p>
      ),
    },
    {
      question: 'What do I need before I apply?',
      answer: (
        <p>
          Your New Zealand Business Number (NZBN) or Australian Business Number (ABN), your registered and head office
          addresses, details of your insurance cover, and your latest financial statements. You will also be asked about
          any investigations, disputes or legal proceedings involving your business.
        </p>
      ),
    },
    {
      question: 'How do I follow the progress of my application?',
      answer: (
        <p>
          Your supplier dashboard shows each application&apos;s current stage, from Submitted to Service Listing(s)
          Published. If the {productName} team needs more information, or declines an application, they tell you why in
          a message in your dashboard.
        </p>
      ),
    },
    {
      question: 'Can I apply for more services later?',
      answer: (
        <p>
          Yes. An approved supplier can apply for further services, in the same or other catalogues, from the
          applications page of its dashboard at any time. Each new service is assessed on its own.
        </p>
      ),
    },
    {
      question: 'Can several people in my business use the dashboard?',
      answer: (
        <p>
          Yes. A supplier admin adds and removes users from the Users page of the dashboard. A person who works for more
          than one supplier can belong to each of them and switch between them from the account menu.
        </p>
      ),
    },
    {
      question: 'How do I keep my business details up to date?',
      answer: (
        <p>
          Open Supplier details in your dashboard to update your company details, addresses, insurance and financial
          information. Keep them current: agencies rely on them, and the {productName} team reviews them regularly.
        </p>
      ),
    },
    {
      question: 'Why does the site need cookies?',
      answer: (
        <p>
          Cookies keep you signed in and remember choices such as a notice you dismissed. If your browser blocks cookies,
          you can still search the directory, but you cannot sign in. A message at the top of each page tells you when
          cookies are turned off. The <a href={COOKIES_PATH}>cookies page</a> lists each cookie and what it is for.
        </p>
      ),
    },
  ];
}

export function FaqPage({ productName, teamContact }: { productName: string; teamContact: TeamContact }) {
  return (
    <ContentLayout
      breadcrumbs={[{ label: 'Home', href: '/' }, { label: 'Frequently asked questions' }]}
      sideNav={helpSideNav(FAQ_PATH, productName)}
    >
      <h1>Frequently asked questions</h1>
      <p className="lead">
        How to buy from approved suppliers and how to sell to government through the {productName}. Select a question to
        see its answer, or search the questions.
      </p>
      <div className="accordion-holder" data-accordion-search="Search the questions">
        {questions(productName).map(({ question, answer }) => (
          <Fragment key={question}>
            <h2 className="accordion__heading">{question}</h2>
            <div className="accordion__panel">{answer}</div>
          </Fragment>
        ))}
      </div>
      <h2>Still have a question?</h2>
      <p>
        Suppliers can message the {productName} team from their dashboard. Anyone can <TeamContactLinks contact={teamContact} /> the{' '}
        {productName} team. Read more <a href="/about">about the {productName}</a>.
      </p>
    </ContentLayout>
  );
}
