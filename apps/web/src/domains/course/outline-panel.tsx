import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Form, Input, Row, Typography } from 'antd';
import { useCourseTexts } from './course-texts';
import { LessonEditor, OtherProblems } from './lesson-editor';
import { addChapter, type DraftChapter, emptyChapter, lessonCount, patchChapter, placeOf } from './outline-draft';
import { OutlineTree } from './outline-tree';
import { PrerequisiteSelect } from './prerequisite-select';
import type { CourseEditorState } from './use-course-editor';

// The outline tab: the chapters and lessons on one side, the one selected on the other (stacked on
// narrow screens).
export function OutlinePanel({ editor }: { editor: CourseEditorState }) {
  const { t } = useCourseTexts();
  const { outline } = editor;
  const at = editor.selected ? placeOf(outline, editor.selected) : null;
  const chapter = at ? outline[at.chapter] : null;
  const lesson = at && chapter && at.lesson >= 0 ? chapter.lessons[at.lesson] : null;

  const add = () => {
    const next = emptyChapter(t('course.chapterDefault', { n: outline.length + 1 }));
    editor.change(addChapter(outline, next));
    editor.setSelected(next.key);
    requestAnimationFrame(() => document.getElementById('course-node-title')?.focus());
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Card
          size="small"
          title={t('course.outlineCount', {
            chapters: t('course.chaptersN', { count: outline.length }),
            lessons: t('course.lessonsN', { count: lessonCount(outline) }),
          })}
          className="course-outline-card"
        >
          <OutlineTree editor={editor} />
          {editor.canSave && (
            <Button type="dashed" block icon={<PlusOutlined />} onClick={add} style={{ marginTop: 12 }}>
              {t('course.addChapter')}
            </Button>
          )}
          <Typography.Paragraph type="secondary" className="course-outline-hint">
            {t('course.outlineHint')}
          </Typography.Paragraph>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card
          size="small"
          title={editor.selected ? editor.nodeLabel(editor.selected) : t('course.nothingSelected')}
          className="course-node-card"
        >
          {lesson ? (
            <LessonEditor key={lesson.key} editor={editor} lesson={lesson} />
          ) : chapter ? (
            <ChapterEditor key={chapter.key} editor={editor} chapter={chapter} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('course.selectHint')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}

function ChapterEditor({ editor, chapter }: { editor: CourseEditorState; chapter: DraftChapter }) {
  const { t } = useCourseTexts();
  const problems = editor.problems[chapter.key] ?? {};
  const patch = (p: Partial<DraftChapter>, field: string) => {
    editor.change(patchChapter(editor.outline, chapter.key, p));
    editor.clearProblem(chapter.key, field);
  };
  return (
    <Form layout="vertical" component="div" disabled={!editor.canSave}>
      <OtherProblems problems={problems} shown={['title', 'requires']} />
      <Form.Item
        label={t('course.chapterTitle')}
        htmlFor="course-node-title"
        required
        validateStatus={problems.title ? 'error' : undefined}
        help={problems.title}
      >
        <Input
          id="course-node-title"
          maxLength={200}
          value={chapter.title}
          onChange={(e) => patch({ title: e.target.value }, 'title')}
        />
      </Form.Item>
      <Form.Item
        label={t('course.requires')}
        htmlFor="course-node-requires"
        tooltip={t('course.chapterRequiresHint')}
        validateStatus={problems.requires ? 'error' : undefined}
        help={problems.requires}
      >
        <PrerequisiteSelect
          editor={editor}
          nodeKey={chapter.key}
          value={chapter.requires}
          onChange={(requires) => patch({ requires }, 'requires')}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary">
        {t('course.chapterLessons', { count: chapter.lessons.length })}
      </Typography.Paragraph>
    </Form>
  );
}
