import { metaField, PRODUCT_IMAGES_MAX, type Product, productMeta, zProductCreate } from '@lyceum/contract';
import { App, Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useEffect } from 'react';
import { EditorDrawer, useFormSave } from '../../crud/form-save';
import { useKitTexts } from '../../crud/i18n';
import { formItem } from '../../crud/meta-inputs';
import { useRefChoices } from '../../crud/ref-options';
import type { Editing } from '../../crud/screen-slots';
import { zodRule } from '../../crud/zod-rules';
import { useLang } from '../../shell/i18n';
import { half, useRequired } from '../../ui/editor-kit';
import { ImagesInput } from './images-input';
import { type ProductSave, productApi, productBody } from './shop-api';
import { useShopTexts } from './shop-words';

interface Values {
  name?: string;
  categoryId?: number | null;
  description?: string;
  imageUrls: string[];
  pointsPrice?: number;
  stock?: number;
  limitPerStudent?: number | null;
  onShelf: boolean;
  sort?: number;
}

const shape = zProductCreate.shape;
const categoryField = metaField(productMeta, 'categoryId');

// A product's form: what it is (category, name, description, pictures), what it costs and how many
// there are (price, stock, the limit per student), and whether students see it (on the shelf, in
// which order).
export function ProductEditor({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing<Product> | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useShopTexts();
  const kit = useKitTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const required = useRequired();
  const refs = useRefChoices(categoryField ? [categoryField] : []);
  const [form] = Form.useForm<Values>();
  const row = editing?.kind === 'edit' ? editing.row : null;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      row
        ? {
            name: row.name,
            categoryId: row.categoryId,
            description: row.description ?? undefined,
            imageUrls: row.imageUrls,
            pointsPrice: row.pointsPrice,
            stock: row.stock,
            limitPerStudent: row.limitPerStudent,
            onShelf: row.onShelf,
            sort: row.sort,
          }
        : { imageUrls: [], onShelf: false, sort: 0, stock: 0 },
    );
  }, [editing, row, form]);

  const { saving, save } = useFormSave(form, {
    toBody: (v: Values): ProductSave =>
      productBody({
        name: v.name?.trim() ?? '',
        categoryId: v.categoryId ?? null,
        description: v.description?.trim() || null,
        imageUrls: v.imageUrls ?? [],
        pointsPrice: v.pointsPrice ?? 0,
        stock: v.stock ?? 0,
        limitPerStudent: v.limitPerStudent ?? null,
        onShelf: v.onShelf,
        sort: v.sort ?? 0,
      }),
    problems: () => [],
    send: async (body) => {
      if (row) {
        // The stock the form showed goes with it: the server moves the stock by the difference, so
        // a redemption made meanwhile is kept.
        await productApi.update({ ...body, id: row.id, stockWas: row.stock });
      } else await productApi.create(body);
      message.success(t('shop.saved'));
      onSaved();
    },
  });

  const number = (name: 'pointsPrice' | 'stock' | 'sort', label: string, extra?: string, need = true) => (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      rules={[...(need ? [required(label, { type: 'number' })] : []), zodRule(shape[name], kit.t)]}
    >
      <InputNumber precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <EditorDrawer
      title={row ? t('shop.productEditTitle', { name: row.name }) : t('shop.productNewTitle')}
      open={!!editing}
      saving={saving}
      save={save}
      onClose={onClose}
      hint={t('shop.productHint')}
      width={640}
    >
      <Form<Values> name="product" form={form} layout="vertical" scrollToFirstError>
        <Form.Item name="name" label={t('shop.name')} rules={[required(t('shop.name')), zodRule(shape.name, kit.t)]}>
          <Input autoFocus autoComplete="off" count={{ show: true, max: 100 }} />
        </Form.Item>
        {categoryField && formItem(categoryField, shape.categoryId, { lang, t: kit.t, refs })}
        <Form.Item name="description" label={t('shop.description')} rules={[zodRule(shape.description, kit.t)]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} count={{ show: true, max: 2000 }} />
        </Form.Item>
        <Form.Item
          name="imageUrls"
          label={t('shop.images')}
          extra={t('shop.imagesHint', { max: PRODUCT_IMAGES_MAX })}
          rules={[zodRule(shape.imageUrls, kit.t)]}
        >
          <ImagesInput max={PRODUCT_IMAGES_MAX} />
        </Form.Item>
        <Row gutter={16}>
          <Col {...half}>{number('pointsPrice', t('shop.pointsPrice'))}</Col>
          <Col {...half}>{number('stock', t('shop.stock'), t('shop.stockHint'))}</Col>
          <Col {...half}>
            <Form.Item
              name="limitPerStudent"
              label={t('shop.limitPerStudent')}
              extra={t('shop.limitHint')}
              rules={[zodRule(shape.limitPerStudent, kit.t)]}
            >
              <InputNumber precision={0} placeholder={t('shop.noLimit')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...half}>{number('sort', t('shop.sort'), t('shop.sortHint'), false)}</Col>
        </Row>
        <Form.Item name="onShelf" label={t('shop.onShelf')} extra={t('shop.onShelfHint')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </EditorDrawer>
  );
}
