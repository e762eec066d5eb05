import '@mantine/tiptap/styles.css';
import { Stack, Text } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMUNICATION_NS } from '../i18n';

/**
 * The summary's rich text editor (Mantine's TipTap editor). It offers only what the server keeps
 * after sanitising: paragraphs, bold, italic, underline, strike, headings 2 and 3, lists, quotes and
 * links.
 */
export function SummaryEditor({ value, onChange, label }: { value: string; onChange: (html: string) => void; label: string }) {
  const { t } = useTranslation(COMMUNICATION_NS);
  const labelId = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, heading: { levels: [2, 3] }, code: false, codeBlock: false }), Link],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox', 'data-testid': 'summary-editor' },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const labels = useMemo<Partial<RichTextEditorLabels>>(
    () => ({
      boldControlLabel: t('editor.bold'),
      italicControlLabel: t('editor.italic'),
      underlineControlLabel: t('editor.underline'),
      strikeControlLabel: t('editor.strike'),
      clearFormattingControlLabel: t('editor.clearFormatting'),
      h2ControlLabel: t('editor.heading2'),
      h3ControlLabel: t('editor.heading3'),
      bulletListControlLabel: t('editor.bulletList'),
      orderedListControlLabel: t('editor.orderedList'),
      blockquoteControlLabel: t('editor.blockquote'),
      linkControlLabel: t('editor.link'),
      unlinkControlLabel: t('editor.unlink'),
      undoControlLabel: t('editor.undo'),
      redoControlLabel: t('editor.redo'),
      linkEditorInputLabel: t('editor.linkUrl'),
      linkEditorInputPlaceholder: 'https://example.com/',
      linkEditorSave: t('editor.linkSave'),
      linkEditorExternalLink: t('editor.linkExternal'),
      linkEditorInternalLink: t('editor.linkInternal'),
    }),
    [t],
  );
  return (
    <Stack gap={4}>
      <Text component="div" id={labelId} fz="sm" fw={500}>
        {label}
      </Text>
      <RichTextEditor editor={editor} labels={labels}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={180} />
      </RichTextEditor>
    </Stack>
  );
}
