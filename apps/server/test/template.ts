export const TEMPLATE_DB = 'cue_test_template';
