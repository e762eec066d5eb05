import { PAGE_PATHS } from '@cue/contract';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { ADMISSIONS_NS, FEES_NS, HIRING_NS, MANAGEMENT_NS, PUBLIC_FORMS_NS } from './i18n';

const rel = (path: string) => path.slice(1);
const page = (load: () => Promise<{ default: ComponentType }>, ns: string) => lazyPage(load, [MANAGEMENT_NS, ns]);

/** Management setup's pages and the family's fees (issue 26); their code and catalogs load on first visit. */
export const managementRoutes: RouteObject[] = [
  { path: rel(PAGE_PATHS.admissions), element: page(() => import('./admissions/AdmissionsPage'), ADMISSIONS_NS) },
  { path: rel(PAGE_PATHS.admission), element: page(() => import('./admissions/AdmissionPage'), ADMISSIONS_NS) },
  { path: rel(PAGE_PATHS.hiring), element: page(() => import('./hiring/HiringPage'), HIRING_NS) },
  { path: rel(PAGE_PATHS.jobApplication), element: page(() => import('./hiring/JobApplicationPage'), HIRING_NS) },
  { path: rel(PAGE_PATHS.fees), element: page(() => import('./fees/FeesPage'), FEES_NS) },
  { path: rel(PAGE_PATHS.feeStructure), element: page(() => import('./fees/FeeStructurePage'), FEES_NS) },
  { path: rel(PAGE_PATHS.feeCollection), element: page(() => import('./fees/FeeCollectionPage'), FEES_NS) },
  { path: rel(PAGE_PATHS.feeReports), element: page(() => import('./fees/FeeReportsPage'), FEES_NS) },
  { path: rel(PAGE_PATHS.invoice), element: page(() => import('./fees/InvoicePage'), FEES_NS) },
  { path: rel(PAGE_PATHS.feeAccount), element: page(() => import('./fees/FeeAccountPage'), FEES_NS) },
  { path: rel(PAGE_PATHS.familyFees), element: page(() => import('./fees/FamilyFeesPage'), FEES_NS) },
];

/** The public admission forms and job pages: no sign-in (spec: paths beginning with public). */
export const publicManagementRoutes: RouteObject[] = [
  { path: rel(PAGE_PATHS.publicAdmissions), element: lazyPage(() => import('./public/PublicAdmissionPage'), [PUBLIC_FORMS_NS]) },
  { path: rel(PAGE_PATHS.publicJobs), element: lazyPage(() => import('./public/PublicJobsPage'), [HIRING_NS]) },
  { path: rel(PAGE_PATHS.publicJob), element: lazyPage(() => import('./public/PublicJobPage'), [HIRING_NS]) },
];
