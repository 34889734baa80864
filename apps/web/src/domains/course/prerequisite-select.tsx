import { Select } from 'antd';
import { useCourseTexts } from './course-texts';
import { prerequisiteChoices } from './outline-draft';
import type { CourseEditorState } from './use-course-editor';

// The chapters and lessons a node waits for: any other one, named by its number and title.
export function PrerequisiteSelect({
  editor,
  nodeKey,
  value,
  onChange,
}: {
  editor: CourseEditorState;
  nodeKey: string;
  value: string[];
  onChange: (keys: string[]) => void;
}) {
  const { t } = useCourseTexts();
  const { outline } = editor;
  const options = prerequisiteChoices(outline, nodeKey).map((c) => {
    const chapter = outline[c.chapter];
    const title = c.lesson < 0 ? chapter.title : chapter.lessons[c.lesson].title;
    const n = c.lesson < 0 ? String(c.chapter + 1) : `${c.chapter + 1}.${c.lesson + 1}`;
    const name = t(c.lesson < 0 ? 'course.chapterN' : 'course.lessonN', { n });
    return { value: c.key, label: `${name} · ${title || t('course.untitled')}` };
  });
  return (
    <Select
      id="course-node-requires"
      mode="multiple"
      allowClear
      placeholder={t('course.requiresNone')}
      options={options}
      value={value}
      showSearch={{ optionFilterProp: 'label' }}
      onChange={onChange}
    />
  );
}
