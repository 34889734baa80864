import { PlusOutlined } from '@ant-design/icons';
import { type GradeBand, zGradeBand, zGradeScaleSave } from '@lyceum/contract';
import { App, Button, Form, Input, InputNumber } from 'antd';
import { useEffect } from 'react';
import { EditorDrawer, useFormSave } from '../../crud/form-save';
import { codedProblems, zodRule } from '../../crud/zod-rules';
import { fieldErrorText } from '../../shell/server-error';
import { gradebookApi } from './gradebook-api';
import { useGradebookTexts } from './gradebook-texts';
import { RemoveRowButton } from './remove-row';

interface ScaleValues {
  bands: { label: string; minPercent: number | null }[];
}

// The school's grade scale: bands from the highest start down; the lowest starts at 0 %.
export function GradeScaleDrawer(props: {
  open: boolean;
  bands: readonly GradeBand[];
  custom: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { open, bands, custom, onClose, onSaved } = props;
  const { t } = useGradebookTexts();
  const { message } = App.useApp();
  const [form] = Form.useForm<ScaleValues>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ bands: [...bands].sort((a, b) => b.minPercent - a.minPercent) });
  }, [open, bands, form]);

  const { saving, save } = useFormSave(form, {
    toBody: (v) => ({
      bands: (v.bands ?? []).map((b) => ({ label: b?.label ?? '', minPercent: b?.minPercent ?? 0 })),
    }),
    problems: (body) => codedProblems(zGradeScaleSave, body),
    send: async (body) => {
      await gradebookApi.saveScale(body.bands);
      message.success(t('gradebook.scaleSaved'));
      onSaved();
    },
  });

  return (
    <EditorDrawer
      title={t('gradebook.scaleTitle')}
      open={open}
      saving={saving}
      save={save}
      onClose={onClose}
      hint={custom ? t('gradebook.scaleHint') : `${t('gradebook.scaleHint')} ${t('gradebook.defaultScale')}`}
      width={480}
    >
      <Form<ScaleValues> form={form} name="grade-scale" layout="vertical">
        <Form.List
          name="bands"
          rules={[
            {
              validator: async (_, list: ScaleValues['bands'] | undefined) => {
                if (!(list ?? []).some((b) => b?.minPercent === 0))
                  throw new Error(fieldErrorText({ key: 'lowestBandZero' }, ''));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, i) => (
                <div key={field.key} className="gradebook-setup-row">
                  <Form.Item
                    name={[field.name, 'label']}
                    label={i === 0 ? t('gradebook.bandLabel') : undefined}
                    rules={[{ required: true, whitespace: true }, zodRule(zGradeBand.shape.label, t)]}
                    className="gradebook-setup-name"
                  >
                    <Input aria-label={t('gradebook.bandLabel')} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'minPercent']}
                    label={i === 0 ? t('gradebook.bandFrom') : undefined}
                    rules={[{ required: true }, zodRule(zGradeBand.shape.minPercent, t)]}
                    className="gradebook-setup-weight"
                  >
                    <InputNumber aria-label={t('gradebook.bandFrom')} style={{ width: '100%' }} />
                  </Form.Item>
                  <RemoveRowButton
                    first={i === 0}
                    only={fields.length <= 1}
                    label={t('gradebook.removeBand', { label: form.getFieldValue(['bands', field.name, 'label']) })}
                    onRemove={() => remove(field.name)}
                  />
                </div>
              ))}
              <Button icon={<PlusOutlined />} disabled={fields.length >= 20} onClick={() => add({ label: '' })}>
                {t('gradebook.addBand')}
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Form>
    </EditorDrawer>
  );
}
