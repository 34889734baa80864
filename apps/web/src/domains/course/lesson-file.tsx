import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { filePurposeRules, LessonType, type UploadedFile } from '@lyceum/contract';
import { App, Button, Progress, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { uploadFile } from '../../crud/file-input';
import { ApiError } from '../../shell/request';
import { useCourseTexts } from './course-texts';
import { useFileInfo } from './file-info';
import type { DraftLesson } from './outline-draft';

const MB = 1024 * 1024;
// What the picker offers per lesson type (the server reads the real type from the bytes).
const ACCEPT: Partial<Record<LessonType, string>> = {
  [LessonType.Video]: 'video/mp4,video/webm',
  [LessonType.Document]: '.pdf,.doc,.docx,.ppt,.pptx,.xls,.xlsx,application/pdf',
};
const VIDEO_TYPES = /^video\//;

// m:ss (h:mm:ss for long videos).
export function clock(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

// A lesson's video or document: the file it has, and an upload (with its progress) that replaces it.
export function LessonFile({
  id,
  lessonType,
  lesson,
  disabled,
  onUploaded,
}: {
  id: string;
  lessonType: LessonType;
  lesson: DraftLesson;
  disabled: boolean;
  onUploaded: (file: UploadedFile) => void;
}) {
  const { t } = useCourseTexts();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const limit = filePurposeRules.resource.maxBytes;

  async function send(file: File | undefined) {
    if (!file) return;
    if (file.size > limit) {
      message.error(t('course.fileTooBig', { name: file.name, max: Math.round(limit / MB) }));
      return;
    }
    if (lessonType === LessonType.Video && file.type && !VIDEO_TYPES.test(file.type)) {
      message.error(t('course.notAVideo', { name: file.name }));
      return;
    }
    setSending(file.name);
    setProgress(0);
    try {
      const uploaded = await uploadFile(file, 'resource', setProgress);
      message.success(t('course.uploaded', { name: uploaded.name }));
      onUploaded(uploaded);
    } catch (err) {
      // The request client has shown the refusal (type, size).
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setProgress(null);
      setSending(null);
      if (input.current) input.current.value = '';
    }
  }

  const info = useFileInfo(lesson.fileName ? '' : lesson.fileUrl);
  const name = lesson.fileName ?? info.data?.name ?? t('course.fileOf', { id: lesson.fileUrl.split('/').pop() });
  const action = lesson.fileUrl ? t('course.replaceFile') : t('course.uploadFile');
  return (
    <div className="course-lesson-file">
      {lesson.fileUrl ? (
        <Space size={8} wrap>
          <PaperClipOutlined aria-hidden />
          <Typography.Link href={lesson.fileUrl} target="_blank" rel="noreferrer">
            {name}
          </Typography.Link>
          {lesson.durationSeconds !== null && (
            <Typography.Text type="secondary">
              {t('course.duration', { time: clock(lesson.durationSeconds) })}
            </Typography.Text>
          )}
        </Space>
      ) : (
        <Typography.Text type="secondary">{t('course.noFile')}</Typography.Text>
      )}
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        style={{ display: 'none' }}
        tabIndex={-1}
        accept={ACCEPT[lessonType]}
        onChange={(e) => void send(e.target.files?.[0])}
      />
      {!disabled && (
        <div style={{ marginTop: 8 }}>
          <Button
            id={id}
            icon={<UploadOutlined />}
            loading={progress !== null}
            // Named by what it does, not by the field's label ("Video"), so speech input finds it by its words.
            aria-label={`${action} (${t(lessonType === LessonType.Video ? 'course.videoFile' : 'course.documentFile')})`}
            onClick={() => input.current?.click()}
          >
            {action}
          </Button>
        </div>
      )}
      {progress !== null && (
        <div role="status" className="course-upload-progress">
          <Typography.Text type="secondary">{t('course.uploading', { name: sending })}</Typography.Text>
          <Progress percent={Math.round(progress * 100)} status="active" aria-label={t('course.uploadProgress')} />
        </div>
      )}
    </div>
  );
}
