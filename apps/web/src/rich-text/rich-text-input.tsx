import { BoldOutlined, FunctionOutlined, ItalicOutlined, PictureOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { BLANK_MARKER } from '@lyceum/contract';
import { Button, Input, Modal, Space, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import katex from 'katex';
import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { useRichTextTexts } from './i18n';
import { uploadImage } from './upload-image';

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const formulaHtml = (latex: string) => `<span class="formula" data-latex="${escapeAttr(latex)}"></span>`;

interface Props {
  id?: string;
  value: string;
  onChange: (html: string) => void;
  rows?: number;
  placeholder?: string;
  status?: 'error';
  // Gap filling: the stem gets an "insert blank" button.
  onBlankInserted?: (html: string) => void;
  compact?: boolean;
  ariaLabel?: string;
}

// A rich-text field kept simple: the HTML source in a text area, with a toolbar that wraps the
// selection in tags and inserts formulas, images and blanks at the cursor.
export function RichTextInput(props: Props) {
  const { id, value, onChange, rows = 4, placeholder, status, onBlankInserted, compact, ariaLabel } = props;
  const { t } = useRichTextTexts();
  const ref = useRef<TextAreaRef>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [formulaOpen, setFormulaOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileId = useId();

  function area(): HTMLTextAreaElement | null {
    return ref.current?.resizableTextArea?.textArea ?? null;
  }

  // Replaces the selection (or inserts at the cursor) and puts the cursor after the new text.
  function splice(make: (selected: string) => string): string {
    const el = area();
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const inserted = make(value.slice(start, end));
    const next = value.slice(0, start) + inserted + value.slice(end);
    onChange(next);
    requestAnimationFrame(() => {
      const a = area();
      if (!a) return;
      a.focus();
      a.setSelectionRange(start + inserted.length, start + inserted.length);
    });
    return next;
  }

  const wrap = (tag: string) => () => splice((s) => `<${tag}>${s}</${tag}>`);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      const src = await uploadImage(file);
      splice(() => `<img src="${src}" alt="${escapeAttr(file.name)}">`);
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  const tools: { key: string; icon: ReactNode; glyph?: string; title: string; run: () => void }[] = [
    { key: 'b', icon: <BoldOutlined />, title: t('richText.bold'), run: wrap('b') },
    { key: 'i', icon: <ItalicOutlined />, title: t('richText.italic'), run: wrap('i') },
    {
      key: 'sub',
      icon: (
        <span>
          x<sub>2</sub>
        </span>
      ),
      // The button shows x2 as text: its name has to contain it (WCAG 2.5.3).
      glyph: 'x2',
      title: t('richText.sub'),
      run: wrap('sub'),
    },
    {
      key: 'sup',
      icon: (
        <span>
          x<sup>2</sup>
        </span>
      ),
      glyph: 'x2',
      title: t('richText.sup'),
      run: wrap('sup'),
    },
    { key: 'f', icon: <FunctionOutlined />, title: t('richText.formula'), run: () => setFormulaOpen(true) },
  ];

  return (
    <div>
      <div className="q-rich-toolbar" role="toolbar" aria-label={t('richText.hint')}>
        {tools.map((tool) => (
          <Tooltip key={tool.key} title={tool.title}>
            <Button
              size="small"
              icon={tool.icon}
              aria-label={tool.glyph ? `${tool.glyph} ${tool.title}` : tool.title}
              onClick={tool.run}
            />
          </Tooltip>
        ))}
        <Tooltip title={t('richText.image')}>
          <Button
            size="small"
            icon={<PictureOutlined />}
            aria-label={t('richText.image')}
            loading={uploading}
            onClick={() => fileRef.current?.click()}
          />
        </Tooltip>
        <input
          id={fileId}
          ref={fileRef}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          style={{ display: 'none' }}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        {onBlankInserted && (
          <Button
            size="small"
            icon={<PlusSquareOutlined />}
            onClick={() => onBlankInserted(splice(() => BLANK_MARKER))}
          >
            {t('richText.insertBlank')}
          </Button>
        )}
      </div>
      <Input.TextArea
        id={id}
        aria-label={ariaLabel}
        ref={ref}
        value={value}
        status={status}
        placeholder={placeholder}
        autoSize={{ minRows: compact ? 2 : rows, maxRows: 16 }}
        onChange={(e) => onChange(e.target.value)}
      />
      <FormulaDialog
        open={formulaOpen}
        onClose={() => setFormulaOpen(false)}
        onInsert={(latex) => {
          setFormulaOpen(false);
          splice(() => formulaHtml(latex));
        }}
      />
    </div>
  );
}

function FormulaDialog(props: { open: boolean; onClose: () => void; onInsert: (latex: string) => void }) {
  const { t } = useRichTextTexts();
  const [latex, setLatex] = useState('');
  const rendered = useMemo(() => {
    if (!latex.trim()) return { html: '', ok: true };
    try {
      return { html: katex.renderToString(latex, { throwOnError: true, displayMode: true }), ok: true };
    } catch {
      return { html: '', ok: false };
    }
  }, [latex]);
  const insert = () => {
    if (!latex.trim() || !rendered.ok) return;
    props.onInsert(latex.trim());
    setLatex('');
  };
  return (
    <Modal
      open={props.open}
      title={t('richText.formulaTitle')}
      okText={t('richText.insert')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !latex.trim() || !rendered.ok }}
      onOk={insert}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input.TextArea
          autoFocus
          aria-label={t('richText.formulaTitle')}
          value={latex}
          placeholder={t('richText.formulaPlaceholder')}
          autoSize={{ minRows: 2, maxRows: 6 }}
          onChange={(e) => setLatex(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) insert();
          }}
        />
        <div className="q-formula-preview" aria-live="polite">
          {rendered.ok ? (
            // KaTeX output of the teacher's own LaTeX, rendered with trust off (its default).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX markup, not user HTML
            <div dangerouslySetInnerHTML={{ __html: rendered.html }} />
          ) : (
            <span style={{ color: '#cf1322' }}>{t('richText.formulaInvalid')}</span>
          )}
        </div>
      </Space>
    </Modal>
  );
}
