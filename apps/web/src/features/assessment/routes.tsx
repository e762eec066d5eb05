import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { ASSESSMENT_NS, GRADEBOOK_NS, HPC_NS, REPORT_CARDS_NS } from './i18n';

const with_ = (ns: string) => (load: () => Promise<{ default: ComponentType }>) => lazyPage(load, [ASSESSMENT_NS, ns]);
const gradebook = with_(GRADEBOOK_NS);
const hpc = with_(HPC_NS);
const reports = with_(REPORT_CARDS_NS);

/** Assessment's pages (issue 23), paths relative to the app root; their code and catalogs load on first visit. */
export const assessmentRoutes: RouteObject[] = [
  { path: 'assessment/gradebook', element: gradebook(() => import('./gradebook/GradebookPage')) },
  { path: 'assessment/setup', element: gradebook(() => import('./gradebook/SetupPage')) },
  { path: 'assessment/hpc', element: hpc(() => import('./hpc/HpcStudentListPage')) },
  { path: 'assessment/hpc/student-list', element: hpc(() => import('./hpc/HpcStudentListPage')) },
  { path: 'assessment/hpc/card/:studentId', element: hpc(() => import('./hpc/HpcCardPage')) },
  { path: 'assessment/hpc/progress-summary', element: hpc(() => import('./hpc/HpcProgressPage')) },
  { path: 'assessment/hpc/all-student-summary', element: hpc(() => import('./hpc/HpcSummaryPage')) },
  { path: 'assessment/feedback', element: hpc(() => import('./hpc/FeedbackPage')) },
  { path: 'assessment/feedback/:kind', element: hpc(() => import('./hpc/FeedbackPage')) },
  { path: 'assessment/feedback/form/:formId', element: hpc(() => import('./hpc/FeedbackFormPage')) },
  { path: 'assessment/report-card', element: reports(() => import('./reports/ReportCardsPage')) },
  { path: 'assessment/report-card/:setId', element: reports(() => import('./reports/ReportSetPage')) },
  { path: 'assessment/report-card/entry/:entryId', element: reports(() => import('./reports/ReportEntryPage')) },
  { path: 'assessment/portfolio/:studentId', element: reports(() => import('./reports/StudentRecordPage')) },
  { path: 'assessment/reflections', element: reports(() => import('./reports/ReflectionsPage')) },
];
