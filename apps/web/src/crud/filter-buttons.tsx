import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, Space } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// The Search and Reset pair that closes every filter bar.
export function FilterButtons({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('common.search')}
        </Button>
        <Button icon={<UndoOutlined />} onClick={onReset}>
          {t('common.reset')}
        </Button>
      </Space>
    </Form.Item>
  );
}

// A filter bar: its fields on a line, then Search (`onSearch` with the values) and Reset (the fields
// back to where they started, then `onReset`).
export function FilterBar<Values extends object>(props: {
  form: FormInstance<Values>;
  name: string;
  initialValues?: Partial<Values>;
  style?: CSSProperties;
  onSearch: (values: Values) => void;
  onReset: () => void;
  children: ReactNode;
}) {
  return (
    <Form<Values>
      form={props.form}
      name={props.name}
      layout="inline"
      className="filter-bar"
      initialValues={props.initialValues}
      style={props.style}
      onFinish={props.onSearch}
    >
      {props.children}
      <FilterButtons
        onReset={() => {
          props.form.resetFields();
          props.onReset();
        }}
      />
    </Form>
  );
}
