import { ExamPaperStatus, PaperBuildMode, type PaperType, type Question } from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../crud/confirm';
import { usePermission } from '../../shell/permission';
import { fieldErrorText } from '../../shell/server-error';
import { usePaperTexts } from './i18n';
import { type BuiltPaperType, paperApi, paperPaths, runPaperAction, swapPaperItem } from './paper-api';
import {
  type DraftItem,
  type DraftSection,
  duplicates,
  infoOfQuestion,
  newKey,
  numbering,
  type PaperDraft,
  type QuestionInfo,
  savePayload,
  usesRules,
} from './paper-draft';

// The longest paper name the server takes (the contract's rule): a longer one is refused with a
// message, never cut.
export const PAPER_NAME_MAX = 100;

export interface BuilderProps {
  paperType: BuiltPaperType & PaperType;
  initial: PaperDraft;
  status: ExamPaperStatus;
  questions: QuestionInfo[];
}

// The state of one paper in the builder (the draft, what is known of its questions, the open
// dialogs) and what can be done to it: edit, add questions, save, publish, draw and swap.
export function usePaperBuilder({ paperType, initial, status, questions }: BuilderProps) {
  const { t } = usePaperTexts();
  const navigate = useNavigate();
  const client = useQueryClient();
  const confirm = useConfirm();
  const { message } = App.useApp();
  const [draft, setDraft] = useState(initial);
  const [dirty, setDirty] = useState(false);
  const [info, setInfo] = useState(() => new Map(questions.map((q) => [q.questionId, q])));
  const [picking, setPicking] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [saving, setSaving] = useState(false);
  // Why the name cannot be saved (empty, or longer than the server takes), or null.
  const [nameError, setNameError] = useState<string | null>(null);
  const dragged = useRef<string | null>(null);
  const canSave = usePermission(draft.id ? ['examPaper:update'] : ['examPaper:create']);
  const canPublish = usePermission(['examPaper:publish']);
  const locked = status === ExamPaperStatus.Published;
  const editable = canSave && !locked;
  const paths = paperPaths[paperType];
  const numbers = numbering(draft);
  const twice = duplicates(draft);
  const onPaper = useMemo(() => new Set(draft.sections.flatMap((s) => s.items.map((i) => i.questionId))), [draft]);

  function change(next: PaperDraft) {
    setDraft(next);
    setDirty(true);
  }
  const patch = (p: Partial<PaperDraft>) => change({ ...draft, ...p });
  const patchSection = (key: string, p: Partial<DraftSection>) =>
    change({ ...draft, sections: draft.sections.map((s) => (s.key === key ? { ...s, ...p } : s)) });
  const patchItem = (section: DraftSection, key: string, p: Partial<DraftItem>) =>
    patchSection(section.key, { items: section.items.map((i) => (i.key === key ? { ...i, ...p } : i)) });

  function addQuestions(sectionKey: string, picked: Question[]) {
    const nextInfo = new Map(info);
    for (const q of picked) nextInfo.set(q.id, infoOfQuestion(q));
    setInfo(nextInfo);
    const section = draft.sections.find((s) => s.key === sectionKey);
    if (!section) return;
    patchSection(sectionKey, {
      items: [...section.items, ...picked.map((q) => ({ key: newKey(), questionId: q.id, score: q.score }))],
    });
    message.success(t('paper.added', { count: picked.length }));
  }

  async function save(): Promise<number | null> {
    const nameProblem = !draft.name.trim()
      ? t('paper.nameRequired')
      : draft.name.length > PAPER_NAME_MAX
        ? fieldErrorText({ key: 'tooLong', params: { max: PAPER_NAME_MAX } }, '')
        : null;
    if (nameProblem) {
      setNameError(nameProblem);
      document.getElementById('paper-name')?.focus();
      return null;
    }
    setSaving(true);
    try {
      const body = savePayload(draft);
      const saved = draft.id ? await paperApi.update(body) : await paperApi.create(body);
      const savedId = (saved as { id: number }).id;
      setDirty(false);
      message.success(t('paper.saved'));
      await client.invalidateQueries({ queryKey: ['examPaper'] });
      if (!draft.id) navigate(`${paths.builder}?id=${savedId}`, { replace: true });
      return savedId;
    } catch {
      // The request layer has said what the server refused.
      return null;
    } finally {
      setSaving(false);
    }
  }

  function publish() {
    confirm({
      title: t('paper.publishConfirm', { name: draft.name }),
      content: t('paper.publishHint'),
      okText: t('paper.publish'),
      onOk: async () => {
        const savedId = dirty || !draft.id ? await save() : draft.id;
        if (!savedId) return;
        await runPaperAction('publish', savedId);
        message.success(t('paper.published'));
        await client.invalidateQueries({ queryKey: ['examPaper'] });
      },
    });
  }

  // A paper drawn once: saved first, then drawn on the server; the builder reloads what was drawn.
  function draw() {
    confirm({
      title: t('paper.drawConfirm', { name: draft.name || '—' }),
      content: t('paper.drawHint'),
      okText: t('paper.draw'),
      onOk: async () => {
        const savedId = dirty || !draft.id ? await save() : draft.id;
        if (!savedId) return;
        const totals = (await runPaperAction('draw', savedId)) as { questionCount?: number } | null;
        message.success(t('paper.drawn', { count: totals?.questionCount ?? 0 }));
        await client.invalidateQueries({ queryKey: ['examPaper'] });
      },
    });
  }

  async function swapItem(item: DraftItem, n: number | undefined) {
    if (!draft.id || !item.id) return;
    await swapPaperItem(draft.id, item.id);
    message.success(t('paper.swapped', { n }));
    await client.invalidateQueries({ queryKey: ['examPaper'] });
  }

  return {
    paperType,
    initial,
    draft,
    dirty,
    info,
    picking,
    setPicking,
    previewing,
    setPreviewing,
    saving,
    nameError,
    setNameError,
    dragged,
    canPublish,
    locked,
    editable,
    paths,
    numbers,
    twice,
    onPaper,
    change,
    patch,
    patchSection,
    patchItem,
    addQuestions,
    save,
    publish,
    draw,
    swapItem,
    picked: draft.sections.find((s) => s.key === picking),
    ruleMode: usesRules(draft),
    perStudent: draft.buildMode === PaperBuildMode.PerStudent,
  };
}

// What the builder's parts are given: the paper's state and its handlers.
export type PaperBuilderState = ReturnType<typeof usePaperBuilder>;
