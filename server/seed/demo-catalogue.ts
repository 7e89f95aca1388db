/** Demo sales channels, catalogues and services. Order in the arrays becomes `position`. */

export interface DemoService {
  slug: string;
  title: string;
  description: string;
}

export interface DemoCatalogue {
  slug: string;
  title: string;
  description: string;
  services: readonly DemoService[];
}

export interface DemoChannel {
  slug: string;
  title: string;
  description: string;
  catalogues: readonly DemoCatalogue[];
}

export const demoChannels: readonly DemoChannel[] = [
  {
    slug: 'digital-and-ict',
    title: 'Digital and ICT',
    description: 'Cloud, cyber security, software delivery and ICT infrastructure for government agencies.',
    catalogues: [
      {
        slug: 'cloud-services',
        title: 'Cloud Services',
        description: 'Public and private cloud services assessed against government security and privacy requirements.',
        services: [
          {
            slug: 'cloud-hosting-iaas',
            title: 'Cloud hosting (IaaS)',
            description: 'Virtual servers, storage and networking hosted in onshore data centres. Billed on consumption with agency-controlled scaling.',
          },
          {
            slug: 'platform-as-a-service',
            title: 'Platform as a service (PaaS)',
            description: 'Managed application platforms, databases and container services so agency teams can deploy without running servers.',
          },
          {
            slug: 'software-as-a-service',
            title: 'Software as a service (SaaS)',
            description: 'Subscription business applications such as case management, HR and finance delivered over the internet.',
          },
          {
            slug: 'cloud-migration',
            title: 'Cloud migration',
            description: 'Discovery, planning and migration of workloads from on-premises infrastructure to cloud platforms with minimal disruption.',
          },
          {
            slug: 'managed-backup-and-recovery',
            title: 'Managed backup and disaster recovery',
            description: 'Scheduled backups, offsite replication and tested recovery plans that meet agreed recovery time objectives.',
          },
          {
            slug: 'cloud-cost-optimisation',
            title: 'Cloud cost optimisation',
            description: 'Reviews of cloud usage and billing that right-size resources and recommend savings plans.',
          },
        ],
      },
      {
        slug: 'cyber-security',
        title: 'Cyber Security',
        description: 'Assurance, testing and operational security services to protect government information and systems.',
        services: [
          {
            slug: 'penetration-testing',
            title: 'Penetration testing',
            description: 'Authorised simulated attacks on applications, networks and cloud environments, with a prioritised remediation report.',
          },
          {
            slug: 'security-architecture',
            title: 'Security architecture',
            description: 'Design and review of secure solution architectures aligned with the NZISM and the Australian ISM.',
          },
          {
            slug: 'security-operations-centre',
            title: 'Security operations centre (SOC)',
            description: 'Round-the-clock monitoring of security events, threat detection and escalation to agency teams.',
          },
          {
            slug: 'identity-and-access-management',
            title: 'Identity and access management',
            description: 'Single sign-on, multi-factor authentication and access governance for staff and citizens.',
          },
          {
            slug: 'security-risk-assessment',
            title: 'Information security risk assessment',
            description: 'Certification and accreditation support, risk assessments and controls testing for new and existing systems.',
          },
          {
            slug: 'cyber-incident-response',
            title: 'Cyber incident response',
            description: 'On-call specialists who contain, investigate and recover from security incidents, then report lessons learned.',
          },
        ],
      },
      {
        slug: 'digital-delivery',
        title: 'Digital Delivery',
        description: 'Teams that design, build and improve digital services for the public and for staff.',
        services: [
          {
            slug: 'web-application-development',
            title: 'Web application development',
            description: 'Design and build of secure, accessible web applications using modern open-source frameworks.',
          },
          {
            slug: 'mobile-app-development',
            title: 'Mobile app development',
            description: 'Native and cross-platform mobile apps for iOS and Android, including store publishing and support.',
          },
          {
            slug: 'user-experience-design',
            title: 'User experience (UX) design',
            description: 'User research, service design, prototyping and usability testing with real users.',
          },
          {
            slug: 'accessibility-testing',
            title: 'Accessibility testing',
            description: 'Audits of websites and apps against WCAG 2.2 AA, with practical fixes for development teams.',
          },
          {
            slug: 'data-analytics-and-reporting',
            title: 'Data analytics and reporting',
            description: 'Data warehousing, dashboards and analysis that turn operational data into insight for decision makers.',
          },
          {
            slug: 'systems-integration',
            title: 'Systems integration',
            description: 'APIs and integration platforms that connect legacy systems, cloud services and partner agencies.',
          },
        ],
      },
      {
        slug: 'ict-infrastructure',
        title: 'ICT Infrastructure and Support',
        description: 'End-user computing, networks and communications, managed or on demand.',
        services: [
          {
            slug: 'service-desk-and-desktop-support',
            title: 'IT service desk and desktop support',
            description: 'First- and second-line support for staff devices and applications, on site or remote.',
          },
          {
            slug: 'network-design-and-management',
            title: 'Network design and management',
            description: 'Design, installation and management of wide-area, local and wireless networks.',
          },
          {
            slug: 'unified-communications',
            title: 'Telephony and unified communications',
            description: 'Cloud calling, contact centre and collaboration tools integrated with existing systems.',
          },
          {
            slug: 'device-as-a-service',
            title: 'Device as a service',
            description: 'Laptops, tablets and phones supplied, managed and refreshed for a monthly fee per user.',
          },
          {
            slug: 'data-centre-services',
            title: 'Data centre colocation',
            description: 'Secure rack space, power and cooling in accredited onshore data centres.',
          },
        ],
      },
    ],
  },
  {
    slug: 'professional-services',
    title: 'Professional Services',
    description: 'Consultancy, policy, financial and people services to support agency programmes.',
    catalogues: [
      {
        slug: 'management-consulting',
        title: 'Management Consulting',
        description: 'Advice and delivery support for strategy, investment and organisational change.',
        services: [
          {
            slug: 'business-case-development',
            title: 'Business case development',
            description: 'Better Business Case and Five Case Model business cases, from strategic assessment to detailed business case.',
          },
          {
            slug: 'strategy-and-planning',
            title: 'Strategy and planning',
            description: 'Facilitated strategy development, operating model design and long-term investment planning.',
          },
          {
            slug: 'organisational-design',
            title: 'Organisational design',
            description: 'Design of structures, roles and ways of working, including consultation on proposed changes.',
          },
          {
            slug: 'programme-and-project-management',
            title: 'Programme and project management',
            description: 'Experienced programme and project managers who deliver outcomes on time and within budget.',
          },
          {
            slug: 'change-management',
            title: 'Change management',
            description: 'Planning and delivering the people side of change, from impact assessment to training and adoption.',
          },
          {
            slug: 'procurement-advisory',
            title: 'Procurement advisory',
            description: 'Procurement planning, tender documents and evaluation support consistent with government procurement rules.',
          },
        ],
      },
      {
        slug: 'policy-and-research',
        title: 'Policy and Research',
        description: 'Evidence, evaluation and engagement that inform policy decisions.',
        services: [
          {
            slug: 'policy-advice',
            title: 'Policy advice',
            description: 'Policy analysis, options papers and Cabinet paper drafting by experienced public policy advisors.',
          },
          {
            slug: 'research-and-evaluation',
            title: 'Research and evaluation',
            description: 'Programme evaluations, literature reviews and mixed-method research with clear recommendations.',
          },
          {
            slug: 'economic-analysis',
            title: 'Economic analysis',
            description: 'Cost-benefit analysis, economic modelling and regulatory impact statements.',
          },
          {
            slug: 'stakeholder-engagement',
            title: 'Stakeholder engagement and consultation',
            description: 'Design and facilitation of public consultation, hui and workshops, with analysis of submissions.',
          },
          {
            slug: 'maori-engagement-advice',
            title: 'Māori engagement and Te Tiriti advice',
            description: 'Advice on Te Tiriti o Waitangi obligations and support to build enduring relationships with iwi and Māori.',
          },
          {
            slug: 'survey-design-and-fieldwork',
            title: 'Survey design and fieldwork',
            description: 'Questionnaire design, sampling, online and telephone fieldwork, and statistical reporting.',
          },
        ],
      },
      {
        slug: 'financial-and-audit',
        title: 'Financial and Audit Services',
        description: 'Independent assurance and financial expertise for public sector entities.',
        services: [
          {
            slug: 'internal-audit',
            title: 'Internal audit',
            description: 'Risk-based internal audit programmes, delivered in full or co-sourced with agency audit teams.',
          },
          {
            slug: 'financial-advisory',
            title: 'Financial advisory',
            description: 'Budgeting, financial modelling and funding advice for programmes and capital projects.',
          },
          {
            slug: 'forensic-accounting',
            title: 'Forensic accounting',
            description: 'Investigation of suspected fraud and financial irregularities, with evidence suitable for legal proceedings.',
          },
          {
            slug: 'actuarial-services',
            title: 'Actuarial services',
            description: 'Valuation of long-term liabilities, scheme reviews and risk modelling.',
          },
          {
            slug: 'probity-advice',
            title: 'Probity advice',
            description: 'Independent probity advisors and auditors who give assurance that procurements are fair and transparent.',
          },
        ],
      },
      {
        slug: 'people-and-capability',
        title: 'People and Capability',
        description: 'Recruitment, learning and wellbeing services for the public sector workforce.',
        services: [
          {
            slug: 'recruitment-services',
            title: 'Recruitment services',
            description: 'Permanent and fixed-term recruitment, from role profiling to reference checks.',
          },
          {
            slug: 'contractor-supply',
            title: 'Contractor supply',
            description: 'Vetted temporary and contract staff supplied at short notice for project and business-as-usual roles.',
          },
          {
            slug: 'leadership-development',
            title: 'Leadership development',
            description: 'Leadership programmes, coaching and assessment for current and emerging leaders.',
          },
          {
            slug: 'training-design-and-delivery',
            title: 'Training design and delivery',
            description: 'Design of face-to-face and online learning, including e-learning modules for learning management systems.',
          },
          {
            slug: 'employee-assistance-programme',
            title: 'Employee assistance programme (EAP)',
            description: 'Confidential counselling and wellbeing support for staff and their families.',
          },
        ],
      },
    ],
  },
  {
    slug: 'construction-and-facilities',
    title: 'Construction and Facilities',
    description: 'Building works, property services and energy improvements for the government estate.',
    catalogues: [
      {
        slug: 'facilities-management',
        title: 'Facilities Management',
        description: 'Services that keep offices, depots and public buildings safe, clean and working.',
        services: [
          {
            slug: 'facilities-maintenance',
            title: 'Facilities maintenance',
            description: 'Planned and reactive maintenance of building services, fabric and equipment.',
          },
          {
            slug: 'commercial-cleaning',
            title: 'Commercial cleaning',
            description: 'Daily office cleaning, washroom services and periodic deep cleans using environmentally preferred products.',
          },
          {
            slug: 'security-guarding',
            title: 'Security guarding',
            description: 'Licensed security officers for front-of-house, patrols and event security.',
          },
          {
            slug: 'grounds-maintenance',
            title: 'Grounds maintenance',
            description: 'Mowing, gardening, tree care and hard-surface cleaning for sites of every size.',
          },
          {
            slug: 'waste-management-and-recycling',
            title: 'Waste management and recycling',
            description: 'Collection of general, recycling, organic and secure document waste, with diversion reporting.',
          },
          {
            slug: 'pest-control',
            title: 'Pest control',
            description: 'Scheduled inspections and treatment of rodents and insects, with compliance records.',
          },
        ],
      },
      {
        slug: 'construction-and-fit-out',
        title: 'Construction and Fit-out',
        description: 'Design, construction and assessment services for government buildings.',
        services: [
          {
            slug: 'office-fit-out',
            title: 'Office fit-out',
            description: 'Design and construction of workplace fit-outs that follow government workplace design guidelines.',
          },
          {
            slug: 'building-condition-assessment',
            title: 'Building condition assessment',
            description: 'Surveys of building condition with costed maintenance and renewal plans.',
          },
          {
            slug: 'seismic-strengthening',
            title: 'Seismic assessment and strengthening',
            description: 'Detailed seismic assessments and design and delivery of strengthening works for earthquake-prone buildings.',
          },
          {
            slug: 'quantity-surveying',
            title: 'Quantity surveying and cost management',
            description: 'Cost estimates, cost planning and contract administration from feasibility to completion.',
          },
          {
            slug: 'architectural-design',
            title: 'Architectural design',
            description: 'Concept to detailed design, consenting and construction observation by registered architects.',
          },
          {
            slug: 'asbestos-surveys-and-removal',
            title: 'Asbestos surveys and removal',
            description: 'Asbestos management surveys, licensed removal and clearance certificates.',
          },
        ],
      },
      {
        slug: 'energy-and-sustainability',
        title: 'Energy and Sustainability',
        description: 'Services that reduce energy use and emissions across the public estate.',
        services: [
          {
            slug: 'energy-audits',
            title: 'Energy audits',
            description: 'Site energy audits that identify savings opportunities with estimated costs and payback periods.',
          },
          {
            slug: 'solar-pv-installation',
            title: 'Solar PV installation',
            description: 'Design, supply and installation of rooftop solar and battery systems, with monitoring.',
          },
          {
            slug: 'ev-charging-infrastructure',
            title: 'EV charging infrastructure',
            description: 'Electric vehicle chargers for fleet and visitor parking, including load management and maintenance.',
          },
          {
            slug: 'carbon-footprint-assessment',
            title: 'Carbon footprint assessment',
            description: 'Greenhouse gas inventories and emissions reduction plans that meet public sector reporting requirements.',
          },
          {
            slug: 'hvac-installation-and-servicing',
            title: 'HVAC installation and servicing',
            description: 'Heating, ventilation and air conditioning installation, upgrades and preventive maintenance.',
          },
        ],
      },
    ],
  },
  {
    slug: 'corporate-services',
    title: 'Corporate Services',
    description: 'Communications, print, events and travel services for day-to-day agency business.',
    catalogues: [
      {
        slug: 'communications-and-marketing',
        title: 'Communications and Marketing',
        description: 'Creative, media and language services that help agencies reach the public.',
        services: [
          {
            slug: 'advertising-and-media-buying',
            title: 'Advertising and media buying',
            description: 'Campaign planning and purchase of print, broadcast, outdoor and digital advertising.',
          },
          {
            slug: 'graphic-design',
            title: 'Graphic design',
            description: 'Brand, publication and infographic design for print and screen.',
          },
          {
            slug: 'public-relations',
            title: 'Public relations',
            description: 'Media relations, issues management and communications planning.',
          },
          {
            slug: 'video-production',
            title: 'Video production',
            description: 'Scripting, filming, editing and captioning of videos for campaigns, training and social media.',
          },
          {
            slug: 'translation-and-interpreting',
            title: 'Translation and interpreting',
            description: 'Certified translation and interpreting, including te reo Māori, Pacific languages and New Zealand Sign Language.',
          },
          {
            slug: 'digital-marketing',
            title: 'Digital marketing',
            description: 'Search, social media and email marketing, with analytics on reach and engagement.',
          },
        ],
      },
      {
        slug: 'print-and-records',
        title: 'Print and Records',
        description: 'Printing, mail and records services, on site or off site.',
        services: [
          {
            slug: 'print-services',
            title: 'Print services',
            description: 'Offset and digital printing of reports, forms and promotional material, with national delivery.',
          },
          {
            slug: 'mail-house-services',
            title: 'Mail house services',
            description: 'Personalised printing, enveloping and lodgement of bulk mail-outs.',
          },
          {
            slug: 'records-storage',
            title: 'Records management and storage',
            description: 'Secure offsite storage, retrieval and disposal of physical records under retention schedules.',
          },
          {
            slug: 'document-digitisation',
            title: 'Document scanning and digitisation',
            description: 'Scanning, indexing and quality assurance of paper records into electronic document systems.',
          },
        ],
      },
      {
        slug: 'travel-and-events',
        title: 'Travel and Events',
        description: 'Organising events, venues and travel for agency staff and guests.',
        services: [
          {
            slug: 'event-management',
            title: 'Event management',
            description: 'Planning and running conferences, launches and hui, from venue booking to post-event reporting.',
          },
          {
            slug: 'venue-hire',
            title: 'Venue hire',
            description: 'Meeting rooms and conference venues with catering and audiovisual equipment.',
          },
          {
            slug: 'travel-management',
            title: 'Travel management',
            description: 'Booking of domestic and international travel under agency travel policies, with duty-of-care tracking.',
          },
          {
            slug: 'fleet-management',
            title: 'Fleet management',
            description: 'Vehicle leasing, maintenance scheduling, fuel cards and telematics for agency fleets.',
          },
        ],
      },
    ],
  },
];
