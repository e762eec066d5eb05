import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** The curriculum's routes (ACADEMIC_ROUTES: curriculum*, classCurriculum*). */
export function curriculumRoutes(_route: Router, _s: Services): void {}
