-- Learning frameworks every school can use: EYFS (seven areas and the Characteristics of Effective Learning) and a PYP-style set of themes.
INSERT INTO "curricula" ("id", "school_id", "name") VALUES ('625b572f9aaa8ed6742d1172', NULL, 'EYFS'), ('53e793cda72746d3fae7f6d3', NULL, 'PYP (early years)') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "learning_areas" ("id", "curriculum_id", "code", "name", "group", "position") VALUES
  ('5940566293db787df3cf4fb0', '625b572f9aaa8ed6742d1172', 'CL', 'Communication and Language', 'Prime areas', 0),
  ('be5d7bb0b9d632ab1d8df940', '625b572f9aaa8ed6742d1172', 'PSED', 'Personal, Social and Emotional Development', 'Prime areas', 1),
  ('abd6240828542683a94ab015', '625b572f9aaa8ed6742d1172', 'PD', 'Physical Development', 'Prime areas', 2),
  ('f67904fb136cef698facda2e', '625b572f9aaa8ed6742d1172', 'L', 'Literacy', 'Specific areas', 3),
  ('92df3baa4cc429432aafe3b8', '625b572f9aaa8ed6742d1172', 'M', 'Mathematics', 'Specific areas', 4),
  ('3ce9bd22f2bf1efb3d6fe01f', '625b572f9aaa8ed6742d1172', 'UW', 'Understanding the World', 'Specific areas', 5),
  ('723fc262f0d52fdf01e9c8ad', '625b572f9aaa8ed6742d1172', 'EAD', 'Expressive Arts and Design', 'Specific areas', 6),
  ('94afe450fc424d5a2314017b', '625b572f9aaa8ed6742d1172', 'COEL-PE', 'Playing and Exploring', 'Characteristics of Effective Learning', 7),
  ('a660537c856de2aec4de4b35', '625b572f9aaa8ed6742d1172', 'COEL-AL', 'Active Learning', 'Characteristics of Effective Learning', 8),
  ('9eb4c955f5311423874ff234', '625b572f9aaa8ed6742d1172', 'COEL-CT', 'Creating and Thinking Critically', 'Characteristics of Effective Learning', 9),
  ('86e78d003d57f5ab838484e7', '53e793cda72746d3fae7f6d3', 'WWA', 'Who we are', 'Transdisciplinary themes', 10),
  ('ebec6eb80c48b13ca3717e11', '53e793cda72746d3fae7f6d3', 'WWAPT', 'Where we are in place and time', 'Transdisciplinary themes', 11),
  ('077fafce489f923f2aba96c5', '53e793cda72746d3fae7f6d3', 'HWEO', 'How we express ourselves', 'Transdisciplinary themes', 12),
  ('f7eadf840249d830bffc1f4c', '53e793cda72746d3fae7f6d3', 'HTWW', 'How the world works', 'Transdisciplinary themes', 13),
  ('2272806b5e3f42526f82e291', '53e793cda72746d3fae7f6d3', 'HWOO', 'How we organize ourselves', 'Transdisciplinary themes', 14),
  ('46937ca087c3c8b5b14e68c4', '53e793cda72746d3fae7f6d3', 'STP', 'Sharing the planet', 'Transdisciplinary themes', 15)
ON CONFLICT DO NOTHING;
