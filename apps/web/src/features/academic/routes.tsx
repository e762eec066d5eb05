import { PAGE_PATHS } from '@cue/contract';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { ACADEMIC_NS, CURRICULUM_NS, DAY_SCHEDULE_NS, EMAIL_TEMPLATES_NS, RESOURCES_NS } from './i18n';

const rel = (path: string) => path.slice(1);
const page = (load: () => Promise<{ default: ComponentType }>, ns: string) => lazyPage(load, [ACADEMIC_NS, ns]);

/** The academic setup's pages (issue 25); their code and catalogs load on first visit. */
export const academicRoutes: RouteObject[] = [
  { path: rel(PAGE_PATHS.curriculum), element: page(() => import('./curriculum/CurriculumPage'), CURRICULUM_NS) },
  { path: rel(PAGE_PATHS.curriculumFramework), element: page(() => import('./curriculum/FrameworkPage'), CURRICULUM_NS) },
  { path: rel(PAGE_PATHS.daySchedule), element: page(() => import('./schedule/DaySchedulePage'), DAY_SCHEDULE_NS) },
  { path: rel(PAGE_PATHS.resources), element: page(() => import('./resources/ResourcesPage'), RESOURCES_NS) },
  {
    path: rel(PAGE_PATHS.emailTemplates),
    element: page(() => import('./email-templates/EmailTemplatesPage'), EMAIL_TEMPLATES_NS),
  },
  { path: rel(PAGE_PATHS.emailTemplate), element: page(() => import('./email-templates/EmailTemplatePage'), EMAIL_TEMPLATES_NS) },
];
