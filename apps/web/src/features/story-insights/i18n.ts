/** The translation namespace of the stories library, insights and story tags: public/locales/<lng>/storyInsights.json. */
export const STORY_INSIGHTS_NS = 'storyInsights';
