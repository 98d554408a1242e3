import {
  LANGUAGE_NAMES,
  LANGUAGES,
  type Lang,
  routes,
  type StaffCompany,
  type StaffNewsArticle,
  type StaffNewsPage,
} from '@meridian/contract';
import {
  Alert,
  Button,
  Drawer,
  Form,
  Input,
  Radio,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
} from 'antd';
import { useRef, useState } from 'react';
import { ActionModal } from '../components/action-modal';
import { ClippedText, WrapText } from '../components/cell-text';
import { LabeledSelect } from '../components/labeled-select';
import { PageTitle } from '../components/page-title';
import { QueryError } from '../components/query-error';
import { TimeText } from '../components/time-text';
import { fmt, label, t } from '../i18n';
import { showSuccess } from '../lib/notify';
import { useCallMutation, useCallQuery } from '../lib/queries';
import { PageLoading } from '../shell/shell';

type NewsRow = StaffNewsPage['list'][number];
type TextValues = { title?: string; desc?: string; content?: string };
interface ArticleValues {
  category_id: number;
  published: boolean;
  texts: Partial<Record<Lang, TextValues>>;
}

/** The texts to send: every language written now, and every language the article had (sent empty: removed). */
export function articleTexts(values: ArticleValues, before: StaffNewsArticle | null) {
  const had = new Set(before?.texts.filter((x) => x.title !== '').map((x) => x.lang) ?? []);
  return LANGUAGES.flatMap((lang) => {
    const v = values.texts[lang] ?? {};
    const title = (v.title ?? '').trim();
    const desc = (v.desc ?? '').trim();
    const content = v.content ?? '';
    const written = title !== '' || desc !== '' || content.trim() !== '';
    return written || had.has(lang) ? [{ lang, title, desc, content }] : [];
  });
}

function Preview({ content }: { content: string }) {
  const [html, setHtml] = useState<string | null>(null);
  const preview = useCallMutation(routes.staffNewsPreview, { onSuccess: (p) => setHtml(p.html) });
  return (
    <div>
      <Button onClick={() => preview.submit({ content })} loading={preview.isPending}>
        {t.content.preview}
      </Button>
      {html !== null ? (
        // The server's sanitised HTML in a sandbox: no script runs and no form submits; same-origin only
        // so that the article's own pictures (served with same-origin CORP) load.
        <iframe
          className="preview-frame"
          sandbox="allow-same-origin"
          srcDoc={html}
          title={t.content.previewTitle}
        />
      ) : null}
    </div>
  );
}

function ArticleEditor({ id, onClose }: { id: number | 'new'; onClose: () => void }) {
  const isNew = id === 'new';
  const article = useCallQuery(routes.staffNewsArticle, { id: isNew ? 1 : id }, { enabled: !isNew });
  const [form] = Form.useForm<ArticleValues>();
  const [lang, setLang] = useState<Lang>('en');
  const before = isNew ? null : (article.data ?? null);
  const watched = Form.useWatch('texts', { form, preserve: true }) as ArticleValues['texts'] | undefined;
  const written = new Set(
    Object.entries(watched ?? {})
      .filter(([, v]) => (v?.title ?? '').trim() !== '')
      .map(([code]) => code),
  );
  const save = useCallMutation(routes.staffNewsSave, {
    invalidates: [routes.staffNews, routes.staffNewsArticle],
    onSuccess: (a) => {
      showSuccess(fmt(t.content.articleSaved, { id: a.id }));
      onClose();
    },
  });

  if (!isNew && !article.data) {
    return article.error ? (
      <QueryError error={article.error} onRetry={() => void article.refetch()} />
    ) : (
      <PageLoading />
    );
  }

  const initial: ArticleValues = {
    category_id: before?.category_id ?? 2,
    published: before?.published ?? false,
    texts: Object.fromEntries(
      (before?.texts ?? []).map((x) => [x.lang, { title: x.title, desc: x.desc, content: x.content }]),
    ),
  };

  return (
    <Form<ArticleValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={() => {
        // Every language, the hidden tabs' too: `onFinish` would pass only the fields on screen.
        const values = form.getFieldsValue(true) as ArticleValues;
        if (!values.texts?.en?.title?.trim()) {
          setLang('en');
          setTimeout(() => void form.validateFields([['texts', 'en', 'title']]).catch(() => undefined), 0);
          return;
        }
        const texts = articleTexts({ ...values, texts: values.texts ?? {} }, before);
        save.submit({
          ...(isNew ? {} : { id }),
          category_id: values.category_id,
          published: values.published,
          texts,
        });
      }}
      onFinishFailed={({ errorFields }) => {
        // Show the language whose field failed (only the chosen language is in the page).
        const failed = errorFields[0]?.name[1];
        if (typeof failed === 'string' && (LANGUAGES as readonly string[]).includes(failed))
          setLang(failed as Lang);
      }}
    >
      <Space size="large" wrap>
        <Form.Item name="category_id" label={t.content.category} rules={[{ required: true }]}>
          <LabeledSelect<number>
            listLabel={t.content.category}
            style={{ width: 200 }}
            options={Object.entries(t.content.categories).map(([value, text]) => ({
              value: Number(value),
              label: text,
            }))}
          />
        </Form.Item>
        <Form.Item name="published" label={t.content.published} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Alert type="info" showIcon title={t.content.languagesNote} style={{ marginBottom: 12 }} />
      <Form.Item label={t.content.language} htmlFor="article-language">
        <Radio.Group
          id="article-language"
          aria-label={t.content.language}
          optionType="button"
          value={lang}
          onChange={(e) => setLang(e.target.value as Lang)}
          options={LANGUAGES.map((code) => ({
            value: code,
            // A dot marks the languages written so far.
            label: `${LANGUAGE_NAMES[code]}${code === 'en' ? ' *' : ''}${written.has(code) ? ' •' : ''}`,
          }))}
          className="language-picker"
        />
      </Form.Item>
      {/* Only the chosen language's fields are in the page; the form keeps the others' values. */}
      <div key={lang} lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'}>
        <Form.Item
          name={['texts', lang, 'title']}
          label={t.content.title}
          rules={[
            { max: 200 },
            ...(lang === 'en'
              ? [{ required: true, whitespace: true, message: t.content.englishRequired }]
              : []),
          ]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name={['texts', lang, 'desc']} label={t.content.summary} rules={[{ max: 500 }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
        </Form.Item>
        <Form.Item
          name={['texts', lang, 'content']}
          label={t.content.body}
          extra={t.content.bodyHelp}
          rules={[{ max: 100_000 }]}
        >
          <Input.TextArea autoSize={{ minRows: 8, maxRows: 20 }} className="mono" />
        </Form.Item>
        <Form.Item noStyle shouldUpdate>
          {() => <Preview content={form.getFieldValue(['texts', lang, 'content']) ?? ''} />}
        </Form.Item>
      </div>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t.common.save}
        </Button>
        <Button onClick={onClose} disabled={save.isPending}>
          {t.common.cancel}
        </Button>
      </Space>
    </Form>
  );
}

function News() {
  const [page, setPage] = useState(1);
  const query = useCallQuery(routes.staffNews, { page }, { keepPrevious: true });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const last = useRef(editing);
  if (editing !== null) last.current = editing;
  const shown = editing ?? last.current;

  const columns: TableColumnsType<NewsRow> = [
    { title: t.common.id, dataIndex: 'id', render: (id: number) => `#${id}` },
    {
      title: t.content.title,
      dataIndex: 'title',
      render: (v: string) => <ClippedText text={v} width={360} lines={2} />,
    },
    {
      title: t.content.category,
      dataIndex: 'category_id',
      render: (v: number) => label(t.content.categories, v),
    },
    {
      title: t.content.languages,
      dataIndex: 'langs',
      render: (langs: string[]) => (
        <WrapText width={240}>
          <Space size={2} wrap>
            {langs.map((l) => (
              <Tag key={l}>{l}</Tag>
            ))}
          </Space>
        </WrapText>
      ),
    },
    {
      title: t.content.published,
      dataIndex: 'published',
      render: (v: boolean) => (v ? <Tag color="green">{t.content.live}</Tag> : <Tag>{t.content.draft}</Tag>),
    },
    // News times are epoch seconds (as the public news list).
    { title: t.common.created, dataIndex: 'created_at', render: (s: number) => <TimeText ms={s * 1000} /> },
    {
      title: t.common.actions,
      key: 'actions',
      render: (_, n) => (
        <Button size="small" onClick={() => setEditing(n.id)}>
          {t.common.edit}
        </Button>
      ),
    },
  ];

  return (
    <>
      <div className="toolbar">
        <Button type="primary" onClick={() => setEditing('new')}>
          {t.content.newArticle}
        </Button>
      </div>
      {query.error ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<NewsRow>
        rowKey="id"
        caption={t.content.newsCaption}
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isPending || query.isPlaceholderData}
        pagination={{
          current: page,
          pageSize: 50,
          total: query.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        scroll={{ x: 'max-content' }}
      />
      <Drawer
        open={editing !== null}
        title={shown === 'new' ? t.content.newArticle : fmt(t.content.editArticle, { id: String(shown) })}
        size={860}
        onClose={() => setEditing(null)}
        destroyOnHidden
        maskClosable={false}
      >
        {shown !== null ? (
          <ArticleEditor key={String(shown)} id={shown} onClose={() => setEditing(null)} />
        ) : null}
      </Drawer>
    </>
  );
}

type CompanyValues = Omit<StaffCompany, 'id'>;
const COMPANY_FIELDS: readonly {
  name: keyof CompanyValues;
  label: string;
  max: number;
  required?: boolean;
}[] = [
  { name: 'name', label: t.content.companyName, max: 120, required: true },
  { name: 'url', label: t.content.website, max: 300 },
  { name: 'logo', label: t.content.logo, max: 300 },
  { name: 'subject', label: t.content.subject, max: 500 },
  { name: 'registered_address', label: t.content.registeredAddress, max: 300 },
  { name: 'location', label: t.content.location, max: 120 },
  { name: 'email', label: t.content.email, max: 254 },
];

function Companies() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useCallQuery(routes.staffCompanies, { q, page }, { keepPrevious: true });
  const [editing, setEditing] = useState<StaffCompany | 'new' | null>(null);
  const save = useCallMutation(routes.staffCompanySave, {
    invalidates: [routes.staffCompanies],
    onSuccess: (c) => {
      showSuccess(fmt(t.content.companySaved, { name: c.name }));
      setEditing(null);
    },
  });

  const columns: TableColumnsType<StaffCompany> = [
    {
      title: t.content.companyName,
      dataIndex: 'name',
      render: (v: string) => <WrapText width={260}>{v}</WrapText>,
    },
    {
      title: t.content.website,
      dataIndex: 'url',
      render: (v: string) => <ClippedText text={v} width={260} />,
    },
    {
      title: t.content.location,
      dataIndex: 'location',
      render: (v: string) => <WrapText width={200}>{v}</WrapText>,
    },
    {
      title: t.content.email,
      dataIndex: 'email',
      render: (v: string) => <WrapText width={240}>{v}</WrapText>,
    },
    {
      title: t.common.actions,
      key: 'actions',
      render: (_, c) => (
        <Button size="small" onClick={() => setEditing(c)}>
          {t.common.edit}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Form
        layout="inline"
        className="toolbar"
        onFinish={(values: { q?: string }) => {
          setQ(values.q?.trim() ?? '');
          setPage(1);
        }}
      >
        <Form.Item name="q" label={t.common.search} rules={[{ max: 100 }]}>
          <Input allowClear style={{ width: 260 }} />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit">{t.common.search}</Button>
        </Form.Item>
        <div className="toolbar-end">
          <Button type="primary" onClick={() => setEditing('new')}>
            {t.content.newCompany}
          </Button>
        </div>
      </Form>
      {query.error ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Table<StaffCompany>
        rowKey="id"
        caption={t.content.companiesCaption}
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isPending || query.isPlaceholderData}
        pagination={{
          current: page,
          pageSize: 50,
          total: query.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        scroll={{ x: 'max-content' }}
      />
      <ActionModal<CompanyValues>
        open={editing !== null}
        title={
          editing === 'new' || editing === null
            ? t.content.newCompany
            : fmt(t.content.editCompany, { name: editing.name })
        }
        okText={t.common.save}
        pending={save.isPending}
        width={620}
        initialValues={editing && editing !== 'new' ? editing : undefined}
        onCancel={() => setEditing(null)}
        onSubmit={(values) => {
          const trimmed = Object.fromEntries(
            COMPANY_FIELDS.map((f) => [f.name, (values[f.name] ?? '').trim()]),
          ) as CompanyValues;
          save.submit(editing && editing !== 'new' ? { id: editing.id, ...trimmed } : trimmed);
        }}
      >
        {COMPANY_FIELDS.map((f, i) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.label}
            rules={[
              { max: f.max },
              ...(f.required ? [{ required: true, whitespace: true, message: t.validation.required }] : []),
              ...(f.name === 'url' ? [{ pattern: /^(https?:\/\/.*)?$/, message: t.validation.url }] : []),
              ...(f.name === 'email' ? [{ type: 'email' as const, message: t.validation.email }] : []),
            ]}
          >
            {f.name === 'subject' ? (
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={f.max} />
            ) : (
              <Input maxLength={f.max} autoFocus={i === 0} />
            )}
          </Form.Item>
        ))}
      </ActionModal>
    </>
  );
}

export function ContentPage() {
  return (
    <>
      <PageTitle>{t.content.title_page}</PageTitle>
      <Tabs
        items={[
          { key: 'news', label: t.content.news, children: <News /> },
          { key: 'companies', label: t.content.companies, children: <Companies /> },
        ]}
      />
    </>
  );
}
