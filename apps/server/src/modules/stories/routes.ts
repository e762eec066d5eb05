import { ROUTES, STORY_MESSAGES, UPLOAD_LIMITS } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';
import { readUpload } from '../../platform/http/upload.js';

export function storyRoutes(route: Router, s: Services): void {
  route(ROUTES.storyList, async ({ auth, query }) => ({ result: await s.stories.list(auth, query) }));
  route(ROUTES.storyCreate, async ({ auth, body }) => {
    const { story, message } = await s.stories.create(auth, body);
    return { result: story, message };
  });
  route(ROUTES.storyDraft, async ({ auth, body }) => ({
    result: await s.stories.draft(auth, body),
    message: STORY_MESSAGES.drafted,
  }));
  route(ROUTES.storyGet, async ({ auth, params }) => ({ result: await s.stories.get(auth, params.id) }));
  route(ROUTES.storyUpdate, async ({ auth, params, body }) => {
    const { story, message } = await s.stories.update(auth, params.id, body);
    return { result: story, message };
  });
  route(ROUTES.storyDelete, async ({ auth, params }) => {
    await s.stories.remove(auth, params.id);
    return { result: true, message: STORY_MESSAGES.deleted };
  });
  route(ROUTES.storyApprove, async ({ auth, params }) => ({
    result: await s.stories.approve(auth, params.id),
    message: STORY_MESSAGES.approved,
  }));
  route(ROUTES.storyReturn, async ({ auth, params, body }) => ({
    result: await s.stories.sendBack(auth, params.id, body.note),
    message: STORY_MESSAGES.returned,
  }));
  route(ROUTES.storyVersions, async ({ auth, params }) => ({ result: await s.stories.versions(auth, params.id) }));
  route(ROUTES.storyViews, async ({ auth, params }) => ({ result: await s.stories.views(auth, params.id) }));
  route(ROUTES.storyComments, async ({ auth, params }) => ({ result: await s.stories.comments(auth, params.id) }));
  route(ROUTES.storyCommentCreate, async ({ auth, params, body }) => ({
    result: await s.stories.addComment(auth, params.id, body.body),
    message: STORY_MESSAGES.commentAdded,
  }));
  route(ROUTES.storyCommentDelete, async ({ auth, params }) => {
    await s.stories.deleteComment(auth, params.id);
    return { result: true, message: STORY_MESSAGES.commentDeleted };
  });
  route(ROUTES.storyReact, async ({ auth, params, body }) => ({
    result: await s.stories.react(auth, params.id, body.reaction),
    message: STORY_MESSAGES.reacted,
  }));
  route(ROUTES.familyStoryCreate, async ({ auth, req }) => {
    const upload = await readUpload(req, ROUTES.familyStoryCreate.upload, UPLOAD_LIMITS.max_image_size);
    return { result: await s.stories.familyStory(auth, upload), message: STORY_MESSAGES.familySent };
  });
  route(ROUTES.familyStoryAccept, async ({ auth, params }) => ({
    result: await s.stories.decide(auth, params.id, true),
    message: STORY_MESSAGES.accepted,
  }));
  route(ROUTES.familyStoryDecline, async ({ auth, params }) => ({
    result: await s.stories.decide(auth, params.id, false),
    message: STORY_MESSAGES.declined,
  }));
  route(ROUTES.journalDay, async ({ auth, query }) => ({ result: await s.stories.journalDay(auth, query) }));
  route(ROUTES.journalToday, async ({ auth }) => ({ result: await s.stories.journalToday(auth) }));
  route(ROUTES.journalDraft, async ({ auth, body }) => ({
    result: await s.stories.draftJournal(auth, body),
    message: STORY_MESSAGES.drafted,
  }));
  route(ROUTES.storyTagList, async ({ auth, query }) => ({
    result: await s.stories.tags(auth, query.include_archived === 'true'),
  }));
  route(ROUTES.storyTagCreate, async ({ auth, body }) => ({
    result: await s.stories.createTag(auth, body.name),
    message: STORY_MESSAGES.tagCreated,
  }));
  route(ROUTES.storyTagOrder, async ({ auth, body }) => ({
    result: await s.stories.orderTags(auth, body.ids),
    message: STORY_MESSAGES.tagsOrdered,
  }));
  route(ROUTES.storyTagEdit, async ({ auth, params, body }) => ({
    result: await s.stories.editTag(auth, params.id, body),
    message: STORY_MESSAGES.tagSaved,
  }));
  route(ROUTES.storyTagMerge, async ({ auth, params, body }) => ({
    result: await s.stories.mergeTag(auth, params.id, body.into_id),
    message: STORY_MESSAGES.tagsMerged,
  }));
  route(ROUTES.storySettings, async ({ auth }) => ({ result: await s.stories.settings(auth) }));
  route(ROUTES.storySettingsSave, async ({ auth, body }) => ({
    result: await s.stories.saveSettings(auth, body.approval_required),
    message: STORY_MESSAGES.settingsSaved,
  }));
  route(ROUTES.storyInsights, async ({ auth, query }) => ({ result: await s.stories.insights(auth, query) }));
  route(ROUTES.storyInsightsExport, async ({ auth, query, reply }) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="story-insights.csv"')
      .send(`\uFEFF${await s.stories.insightsCsv(auth, query)}`),
  );
}
