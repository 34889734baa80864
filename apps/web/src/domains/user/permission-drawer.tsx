import type { PermissionNode, Role } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, Space, Spin, Tag, Tree, type TreeDataNode, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickTitle, useLang } from '../../shell/i18n';
import { useIsMobile } from '../../shell/layout/use-device';
import { grant, permissionTree, roleApi } from './role-api';

interface Props {
  role: Role | null;
  onClose: () => void;
  onSaved: () => void;
}

function flatten(nodes: PermissionNode[], out: PermissionNode[] = []): PermissionNode[] {
  for (const n of nodes) {
    out.push(n);
    flatten(n.children, out);
  }
  return out;
}

// A granted page or button needs its menu and area too, so every ancestor of a ticked leaf is sent.
function withAncestors(nodes: PermissionNode[], leaves: ReadonlySet<number>): number[] {
  const out: number[] = [];
  const walk = (n: PermissionNode): boolean => {
    const hit = n.children.length === 0 ? leaves.has(n.id) : n.children.map(walk).some(Boolean);
    if (hit) out.push(n.id);
    return hit;
  };
  nodes.forEach(walk);
  return out;
}

export function PermissionDrawer({ role, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const tree = useQuery({ queryKey: ['role', 'permissionTree'], queryFn: permissionTree, staleTime: 300_000 });
  const detail = useQuery({
    queryKey: ['role', 'select', role?.id],
    queryFn: () => roleApi.select(role?.id ?? 0),
    enabled: !!role,
  });
  const [checked, setChecked] = useState<number[]>([]);
  const [expanded, setExpanded] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const all = useMemo(() => flatten(tree.data ?? []), [tree.data]);

  // Only leaves are set as checked: the tree derives each parent's state from its children.
  useEffect(() => {
    if (!detail.data || !tree.data) return;
    const held = new Set(detail.data.permissionIds);
    setChecked(all.filter((n) => n.children.length === 0 && held.has(n.id)).map((n) => n.id));
    setExpanded(all.filter((n) => n.level === 1).map((n) => n.id));
  }, [detail.data, tree.data, all]);

  const treeData = useMemo<TreeDataNode[]>(() => {
    const toNode = (n: PermissionNode): TreeDataNode => ({
      key: n.id,
      title: (
        <span>
          {pickTitle({ en: n.title, zh: n.titleZh }, lang)}
          {n.permission && n.level === 3 && (
            <Tag style={{ marginLeft: 8 }} bordered={false}>
              {n.permission}
            </Tag>
          )}
        </span>
      ),
      children: n.children.map(toNode),
    });
    return (tree.data ?? []).map(toNode);
  }, [tree.data, lang]);

  async function save() {
    if (!role) return;
    setSaving(true);
    try {
      await grant(role.id, withAncestors(tree.data ?? [], new Set(checked)));
      message.success(t('common.saved'));
      onSaved();
    } finally {
      setSaving(false);
    }
  }

  const loading = tree.isPending || detail.isPending;
  return (
    <Drawer
      title={role ? t('role.permissionsTitle', { name: role.name }) : ''}
      open={!!role}
      onClose={onClose}
      size={isMobile ? '100%' : 520}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} disabled={loading} onClick={save}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('role.permissionsHint')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button size="small" onClick={() => setExpanded(all.filter((n) => n.children.length > 0).map((n) => n.id))}>
          {t('role.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('role.collapseAll')}
        </Button>
        <Button size="small" onClick={() => setChecked(all.filter((n) => n.children.length === 0).map((n) => n.id))}>
          {t('role.checkAll')}
        </Button>
        <Button size="small" onClick={() => setChecked([])}>
          {t('role.uncheckAll')}
        </Button>
      </Space>
      {loading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : treeData.length === 0 ? (
        <Empty />
      ) : (
        <Tree
          checkable
          selectable={false}
          treeData={treeData}
          checkedKeys={checked}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys.map(Number))}
          onCheck={(keys) => {
            const list = Array.isArray(keys) ? keys : keys.checked;
            setChecked(list.map(Number));
          }}
        />
      )}
    </Drawer>
  );
}
