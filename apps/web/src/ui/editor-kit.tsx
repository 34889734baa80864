import { Col, Form, type FormItemProps, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MomentInput, momentValueProps } from './moment-input';

// The pieces the long editors (exam, homework, message) are built from: a titled section, the
// half-width column, the "Please enter …" rule, and a date-time field.

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="exam-editor-section">
      <Typography.Title level={5} id={id} className="exam-editor-heading">
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

export const half = { xs: 24, sm: 12 };

// "Please enter …" / "Please choose …" under an empty required field, in the reader's language.
export function useRequired() {
  const { t } = useTranslation();
  return (
    label: string,
    { picked = false, type = 'string' }: { picked?: boolean; type?: 'string' | 'number' } = {},
  ): Rule => ({
    required: true,
    type,
    whitespace: type === 'string' && !picked,
    message: t(picked ? 'validation.select' : 'validation.required', { field: label }),
  });
}

// A date and time in half a row, held by the form as an ISO string; required unless `optional`.
export function MomentField({
  name,
  label,
  optional = false,
  rules = [],
  disabledDate,
  ...item
}: {
  name: string;
  label: string;
  optional?: boolean;
  rules?: Rule[];
  disabledDate?: (d: Dayjs) => boolean;
} & Pick<FormItemProps, 'tooltip' | 'extra'>) {
  const required = useRequired();
  return (
    <Col {...half}>
      <Form.Item
        name={name}
        label={label}
        rules={[...(optional ? [] : [required(label, { picked: true })]), ...rules]}
        {...item}
        {...momentValueProps}
      >
        <MomentInput disabledDate={disabledDate} />
      </Form.Item>
    </Col>
  );
}
