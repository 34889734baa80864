import { type FieldMeta, field } from '@lyceum/contract';
import { Col, Form, Input, Radio, Row, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import type { RefChoices } from '../../crud/ref-options';
import { RefSelect } from '../../crud/ref-select';
import type { TreeNode } from '../../crud/resource-api';
import { usePermission } from '../../shell/permission';
import { half, Section, useRequired } from '../../ui/editor-kit';
import { searchStudents, searchTeachers, useDepartments, useTeams, useVenues } from '../../ui/lookups';
import { UserSearchSelect } from '../../ui/user-search-select';
import { useCheck } from './exam-editor-sections';
import { useExamTexts } from './exam-texts';

// The editor's parts about people and places: who sits the exam, where, and who invigilates.

// The picker of a small resource (classes, departments) through the kit's reference select.
export function refChoices(rows: TreeNode[] | undefined, loading: boolean, label: (r: TreeNode) => string): RefChoices {
  const flat: TreeNode[] = [];
  const walk = (nodes: TreeNode[]) => {
    for (const n of nodes) {
      flat.push(n);
      walk(n.children ?? []);
    }
  };
  walk(rows ?? []);
  const names = new Map(flat.map((r) => [r.id, label(r)]));
  const toTree = (nodes: TreeNode[]): RefChoices['tree'] =>
    nodes.map((n) => ({
      value: n.id,
      title: label(n),
      children: n.children?.length ? (toTree(n.children) ?? undefined) : undefined,
    }));
  const isTree = flat.some((r) => 'parentId' in r);
  return {
    loading,
    rows: flat,
    options: flat.map((r) => ({ value: r.id, label: label(r) })),
    tree: isTree ? toTree(rows ?? []) : null,
    nameOf: (id) => names.get(id),
  };
}

export const teamField: FieldMeta = field('teamIds', ['Classes', '班级'], 'refs', { ref: { resource: 'team' } });
const departmentField: FieldMeta = field('departmentIds', ['Departments', '院系'], 'refs', {
  ref: { resource: 'department' },
});

// The classes as the kit's reference select takes them, each named with its grade year.
export function useTeamChoices(): RefChoices {
  const teams = useTeams();
  return refChoices(
    teams.data as TreeNode[] | undefined,
    teams.isPending,
    (r) => `${String(r.name)} (${String(r.gradeYear)})`,
  );
}

// The grade years to choose from: the last five, this one and the next, and every class's year.
export function useGradeYearOptions(): { value: number; label: string }[] {
  const teams = useTeams();
  const thisYear = dayjs().year();
  const years = new Set<number>([...Array(7).keys()].map((i) => thisYear - 5 + i));
  for (const team of teams.data ?? []) years.add(team.gradeYear);
  return [...years].sort((a, b) => b - a).map((y) => ({ value: y, label: String(y) }));
}

// The one target field of a "who" section whose range type picks grades, classes or people (tasks,
// messages): required when shown. `texts` are the section's own words for the three.
export interface TargetTexts {
  gradeYears: string;
  gradeYearsHint: string;
  gradeYearsPlaceholder: string;
  teams: string;
  teamsPlaceholder: string;
  people: string;
  peoplePlaceholder: string;
}
export function TargetField(props: {
  show: 'grades' | 'classes' | 'people' | null;
  // The people field's name and whom it searches.
  peopleField: string;
  people: { kind: string; search: Parameters<typeof UserSearchSelect>[0]['search'] };
  texts: TargetTexts;
}) {
  const { show, texts } = props;
  const required = useRequired();
  const teamChoices = useTeamChoices();
  const gradeYears = useGradeYearOptions();
  const target = (name: string, label: string) => ({
    name,
    label,
    rules: [{ ...required(label, { picked: true, type: 'number' }), type: 'array' as const }],
  });
  if (show === 'grades') {
    return (
      <Form.Item {...target('gradeYears', texts.gradeYears)} tooltip={texts.gradeYearsHint}>
        <Select mode="multiple" allowClear options={gradeYears} placeholder={texts.gradeYearsPlaceholder} />
      </Form.Item>
    );
  }
  if (show === 'classes') {
    return (
      <Form.Item {...target('teamIds', texts.teams)}>
        <RefSelect
          field={teamField}
          choices={teamChoices}
          multiple
          label={texts.teams}
          placeholder={texts.teamsPlaceholder}
        />
      </Form.Item>
    );
  }
  if (show === 'people') {
    return (
      <Form.Item {...target(props.peopleField, texts.people)}>
        <UserSearchSelect kind={props.people.kind} search={props.people.search} placeholder={texts.peoplePlaceholder} />
      </Form.Item>
    );
  }
  return null;
}

export function CandidatesSection() {
  const { t } = useExamTexts();
  const departments = useDepartments();
  const teamChoices = useTeamChoices();
  const gradeYears = useGradeYearOptions();
  const departmentChoices = refChoices(departments.data, departments.isPending, (r) => String(r.name));
  const wide = usePermission(['exam:all']);
  return (
    <Section id="exam-candidates" title={t('exam.sectionCandidates')}>
      <Typography.Paragraph type="secondary">{t('exam.candidatesHint')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="teamIds" label={t('exam.teams')}>
            <RefSelect
              field={teamField}
              choices={teamChoices}
              multiple
              label={t('exam.teams')}
              placeholder={t('exam.teams')}
            />
          </Form.Item>
        </Col>
        {/* Grades and departments are beyond a teacher's own classes: the office's (exam:all). */}
        {wide && (
          <>
            <Col {...half}>
              <Form.Item name="gradeYears" label={t('exam.gradeYears')}>
                <Select mode="multiple" allowClear options={gradeYears} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="departmentIds" label={t('exam.departments')}>
                <RefSelect
                  field={departmentField}
                  choices={departmentChoices}
                  multiple
                  label={t('exam.departments')}
                  placeholder={t('exam.departments')}
                />
              </Form.Item>
            </Col>
          </>
        )}
        <Col {...half}>
          <Form.Item name="studentIds" label={t('exam.students')}>
            <UserSearchSelect kind="student" search={searchStudents} placeholder={t('exam.studentSearch')} />
          </Form.Item>
        </Col>
      </Row>
    </Section>
  );
}

export function PlaceSection() {
  const { t } = useExamTexts();
  const check = useCheck();
  const venues = useVenues();
  const placeKind = Form.useWatch<'venue' | 'virtual' | undefined>('placeKind');
  return (
    <Section id="exam-place" title={t('exam.sectionPlace')}>
      <Form.Item name="placeKind" label={t('exam.placeKind')}>
        <Radio.Group
          options={[
            { value: 'venue', label: t('exam.placeVenue') },
            { value: 'virtual', label: t('exam.placeVirtual') },
          ]}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col {...half}>
          {placeKind === 'virtual' ? (
            <Form.Item name="virtualRoomId" label={t('exam.virtualRoomId')} rules={[check('virtualRoomId')]}>
              <Input autoComplete="off" maxLength={64} />
            </Form.Item>
          ) : (
            <Form.Item name="venueId" label={t('exam.venueId')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={venues.isPending}
                options={(venues.data ?? []).map((v) => ({
                  value: v.id,
                  label: t('exam.venueOption', { name: v.name, count: v.capacity }),
                }))}
              />
            </Form.Item>
          )}
        </Col>
        <Col {...half}>
          <Form.Item name="invigilatorIds" label={t('exam.invigilators')}>
            <UserSearchSelect kind="teacher" search={searchTeachers} placeholder={t('exam.teacherSearch')} />
          </Form.Item>
        </Col>
      </Row>
    </Section>
  );
}
