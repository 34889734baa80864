import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Empty } from 'antd';
import { type ReactNode, useState } from 'react';
import { useCourseTexts } from './course-texts';
import { dropOn, placeOf } from './outline-draft';
import { ChapterBlock, LessonRow } from './outline-rows';
import type { CourseEditorState } from './use-course-editor';

// The drop zone at the end of each chapter's lessons (a lesson dropped there goes last).
export const END = 'end:';
const endOf = (id: string) => (id.startsWith(END) ? id.slice(END.length) : id);

// The outline as a list to reorder: chapters among chapters, lessons within and across chapters,
// by dragging with the mouse or the keyboard (the handle: Space to lift, arrows, Space to drop);
// the rows' own buttons move one step, add and remove.
export function OutlineTree({ editor }: { editor: CourseEditorState }) {
  const { t } = useCourseTexts();
  const { outline } = editor;
  const [dragging, setDragging] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const chapterKeys = new Set(outline.map((c) => c.key));
  const isChapter = (id: string) => chapterKeys.has(id);
  // "Lesson 1.2 Title", or "the end of Chapter 1 Title" for a chapter's drop zone.
  const label = (id: string | number) => {
    const key = endOf(String(id));
    const at = placeOf(outline, key);
    const title = at ? (at.lesson < 0 ? outline[at.chapter].title : outline[at.chapter].lessons[at.lesson].title) : '';
    const name = `${editor.nodeLabel(key)} ${title}`.trim();
    return String(id).startsWith(END) ? t('course.endOf', { chapter: name }) : name;
  };
  // A chapter lands among chapters, a lesson among lessons (or at a chapter's end).
  const collision: CollisionDetection = (args) => {
    const chapter = isChapter(String(args.active.id));
    const droppableContainers = args.droppableContainers.filter((c) => isChapter(String(c.id)) === chapter);
    return closestCenter({ ...args, droppableContainers });
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('course.dndPicked', { name: label(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('course.dndOver', { name: label(active.id), target: label(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('course.dndDropped', { name: label(active.id), target: label(over.id) })
        : t('course.dndCancelled', { name: label(active.id) }),
    onDragCancel: ({ active }) => t('course.dndCancelled', { name: label(active.id) }),
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    setDragging(null);
    if (!over) return;
    const next = dropOn(outline, String(active.id), endOf(String(over.id)));
    if (next !== outline) editor.change(next);
  }

  if (!outline.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('course.outlineEmpty')} />;

  const draggedLesson = dragging && !isChapter(dragging);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('course.dndInstructions') } }}
      onDragStart={({ active }) => setDragging(String(active.id))}
      onDragCancel={() => setDragging(null)}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={outline.map((c) => c.key)} strategy={verticalListSortingStrategy}>
        <ol className="course-outline" aria-label={t('course.outline')}>
          {outline.map((chapter, ci) => (
            <ChapterBlock key={chapter.key} editor={editor} chapter={chapter} index={ci}>
              <SortableContext items={chapter.lessons.map((l) => l.key)} strategy={verticalListSortingStrategy}>
                <ol className="course-lessons">
                  {chapter.lessons.map((lesson, li) => (
                    <LessonRow key={lesson.key} editor={editor} lesson={lesson} number={`${ci + 1}.${li + 1}`} />
                  ))}
                </ol>
              </SortableContext>
              <EndZone chapterKey={chapter.key} active={!!draggedLesson}>
                {!chapter.lessons.length && t('course.chapterNoLessons')}
              </EndZone>
            </ChapterBlock>
          ))}
        </ol>
      </SortableContext>
      <DragOverlay>{dragging && <div className="course-drag-chip">{label(dragging)}</div>}</DragOverlay>
    </DndContext>
  );
}

function EndZone({ chapterKey, active, children }: { chapterKey: string; active: boolean; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: `${END}${chapterKey}` });
  const { t } = useCourseTexts();
  return (
    <div
      ref={setNodeRef}
      className={`course-end-zone${active ? ' is-active' : ''}${isOver ? ' is-over' : ''}`}
      aria-hidden={!children && !active}
    >
      {active ? t('course.dropHere') : children}
    </div>
  );
}
