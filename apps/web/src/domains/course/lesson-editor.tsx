import {
  CompletionRule,
  completionRuleLabels,
  enumValues,
  LessonType,
  labelOf,
  lessonTypeLabels,
  RULES_BY_TYPE,
} from '@lyceum/contract';
import { Alert, Col, Form, Input, InputNumber, Row, Select, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useLang } from '../../shell/i18n';
import { RichField } from './course-details';
import { useCourseTexts } from './course-texts';
import { LessonFile } from './lesson-file';
import { type DraftLesson, updateLesson, withRule, withType } from './outline-draft';
import { LESSON_ICONS } from './outline-rows';
import { PrerequisiteSelect } from './prerequisite-select';
import { QuizPaperSelect } from './quiz-paper-select';
import type { CourseEditorState } from './use-course-editor';

// Share of a quiz paper's total a new quiz lesson asks for.
const DEFAULT_PASS_SHARE = 0.6;

// The fields this editor shows a problem under; any other problem shows above them.
const SHOWN = ['lessonType', 'title', 'fileUrl', 'body', 'paperId', 'completionRule', 'threshold', 'requires'];

export function OtherProblems({ problems, shown }: { problems: Record<string, string>; shown: string[] }) {
  const other = Object.entries(problems).filter(([field]) => !shown.includes(field));
  if (!other.length) return null;
  return <Alert type="error" showIcon style={{ marginBottom: 16 }} title={other.map(([, text]) => text).join(' ')} />;
}

// One field of the lesson, with the problem found for it (before saving, or the server's).
function Field(props: {
  label: string;
  htmlFor: string;
  problem?: string;
  required?: boolean;
  tooltip?: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { problem, children, ...rest } = props;
  return (
    <Form.Item {...rest} validateStatus={problem ? 'error' : undefined} help={problem}>
      {children}
    </Form.Item>
  );
}

// The selected lesson: its type and title, its content (the file, the article, the quiz paper), how
// it counts as done, and what must come first.
export function LessonEditor({ editor, lesson }: { editor: CourseEditorState; lesson: DraftLesson }) {
  const { t } = useCourseTexts();
  const lang = useLang();
  const problems = editor.problems[lesson.key] ?? {};
  const update = (change: (l: DraftLesson) => DraftLesson, ...fields: string[]) => {
    editor.change(updateLesson(editor.outline, lesson.key, change));
    for (const f of fields) editor.clearProblem(lesson.key, f);
  };
  const patch = (p: Partial<DraftLesson>, field: string) => update((l) => ({ ...l, ...p }), field);
  const rule = lesson.completionRule;
  const type = lesson.lessonType;

  return (
    <Form layout="vertical" component="div" disabled={!editor.canSave} className="course-lesson-editor">
      <OtherProblems problems={problems} shown={SHOWN} />
      <Row gutter={16}>
        <Col xs={24} sm={10}>
          <Field label={t('course.lessonType')} htmlFor="course-lesson-type" problem={problems.lessonType}>
            <Select
              id="course-lesson-type"
              value={type}
              onChange={(v: LessonType) => update((l) => withType(l, v), 'lessonType', 'completionRule', 'threshold')}
              options={enumValues(lessonTypeLabels).map((v) => ({
                value: v,
                // Live classes wait for their own feature; a lesson that has the type keeps it.
                disabled: v === LessonType.Live && type !== LessonType.Live,
                label: (
                  <Tooltip title={v === LessonType.Live ? t('course.liveComing') : undefined}>
                    <span>
                      {LESSON_ICONS[v]} {labelOf(lessonTypeLabels, v, lang)}
                    </span>
                  </Tooltip>
                ),
              }))}
            />
          </Field>
        </Col>
        <Col xs={24} sm={14}>
          <Field label={t('course.lessonTitle')} htmlFor="course-node-title" required problem={problems.title}>
            <Input
              id="course-node-title"
              maxLength={200}
              value={lesson.title}
              onChange={(e) => patch({ title: e.target.value }, 'title')}
            />
          </Field>
        </Col>
      </Row>

      {(type === LessonType.Video || type === LessonType.Document) && (
        <Field
          label={t(type === LessonType.Video ? 'course.videoFile' : 'course.documentFile')}
          htmlFor="course-lesson-file"
          required
          problem={problems.fileUrl}
          extra={t(type === LessonType.Video ? 'course.videoHint' : 'course.documentHint')}
        >
          <LessonFile
            id="course-lesson-file"
            lessonType={type}
            lesson={lesson}
            disabled={!editor.canSave}
            onUploaded={(file) => patch({ fileUrl: file.url, fileName: file.name, durationSeconds: null }, 'fileUrl')}
          />
        </Field>
      )}
      {type === LessonType.Article && (
        <Field label={t('course.articleBody')} htmlFor="course-lesson-body" problem={problems.body}>
          <RichField
            id="course-lesson-body"
            rows={8}
            value={lesson.body}
            status={problems.body ? 'error' : undefined}
            onChange={(body) => patch({ body }, 'body')}
          />
        </Field>
      )}
      {type === LessonType.Quiz && (
        <Field
          label={t('course.quizPaper')}
          htmlFor="course-lesson-paper"
          required
          problem={problems.paperId}
          tooltip={t('course.quizPaperHint')}
        >
          <QuizPaperSelect
            id="course-lesson-paper"
            value={lesson.paperId}
            disabled={!editor.canSave}
            // A picked paper and the threshold it proposes go in one change: two changes in one event
            // would each start from the same outline, and the second would drop the paper.
            onChange={(paperId) => paperId === null && patch({ paperId }, 'paperId')}
            onPicked={(paper) =>
              update(
                (l) => ({
                  ...l,
                  paperId: paper.id,
                  threshold: l.threshold ?? Math.round(paper.totalScore * DEFAULT_PASS_SHARE),
                }),
                'paperId',
                'threshold',
              )
            }
          />
        </Field>
      )}
      {type === LessonType.Live && (
        <Alert type="info" showIcon title={t('course.liveComing')} style={{ marginBottom: 16 }} />
      )}

      <Row gutter={16}>
        <Col xs={24} sm={14}>
          <Field label={t('course.completionRule')} htmlFor="course-lesson-rule" problem={problems.completionRule}>
            <Select
              id="course-lesson-rule"
              value={rule}
              onChange={(v: CompletionRule) => update((l) => withRule(l, v), 'completionRule', 'threshold')}
              options={RULES_BY_TYPE[type].map((v) => ({ value: v, label: labelOf(completionRuleLabels, v, lang) }))}
            />
          </Field>
        </Col>
        {(rule === CompletionRule.Watched || rule === CompletionRule.QuizScore) && (
          <Col xs={24} sm={10}>
            <Field
              label={t(rule === CompletionRule.Watched ? 'course.thresholdPercent' : 'course.thresholdScore')}
              htmlFor="course-lesson-threshold"
              required
              problem={problems.threshold}
            >
              <InputNumber
                id="course-lesson-threshold"
                min={rule === CompletionRule.Watched ? 1 : 0}
                max={rule === CompletionRule.Watched ? 100 : 100_000}
                suffix={rule === CompletionRule.Watched ? '%' : t('course.scoreUnit')}
                value={lesson.threshold}
                status={problems.threshold ? 'error' : undefined}
                onChange={(v) => patch({ threshold: v ?? null }, 'threshold')}
                style={{ width: '100%' }}
              />
            </Field>
          </Col>
        )}
      </Row>
      <Typography.Paragraph type="secondary" className="course-rule-hint">
        {t(`course.ruleHint${rule}`)}
      </Typography.Paragraph>

      <Field
        label={t('course.requires')}
        htmlFor="course-node-requires"
        tooltip={t('course.lessonRequiresHint')}
        problem={problems.requires}
      >
        <PrerequisiteSelect
          editor={editor}
          nodeKey={lesson.key}
          value={lesson.requires}
          onChange={(requires) => patch({ requires }, 'requires')}
        />
      </Field>
    </Form>
  );
}
