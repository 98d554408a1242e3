import { Button, Layout, Menu, Space, Spin, Tag, Typography } from 'antd';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { visiblePages } from '../access';
import { fmt, t } from '../i18n';
import { useMe } from './me';
import { useIdleSignOut, useRefreshMe, useSignOut } from './session-hooks';

export function PageLoading() {
  return (
    <div className="page-loading">
      <Spin tip={t.app.loading} size="large">
        <div style={{ width: 120, height: 80 }} />
      </Spin>
    </div>
  );
}

function focusMain() {
  document.getElementById('main')?.focus();
}

/** The console around every signed-in page: the menu the role allows, the member, Sign out. */
export function Shell() {
  const me = useMe();
  const location = useLocation();
  const signOut = useSignOut();
  useRefreshMe();
  useIdleSignOut(me.idle_minutes);

  const pages = visiblePages(me.role);
  const section = `/${location.pathname.split('/')[1] ?? ''}`;

  return (
    <Layout className="shell">
      <button type="button" className="skip-link" onClick={focusMain}>
        {t.app.skipToContent}
      </button>
      <Layout.Sider width={216} theme="light" className="shell-sider">
        <div className="brand">
          <span className="brand-name">{t.app.brand}</span>
          <span className="brand-sub">{t.app.brandSub}</span>
        </div>
        <nav aria-label={t.app.mainNav}>
          <Menu
            mode="inline"
            selectedKeys={[section]}
            items={pages.map((page) => ({
              key: page.path,
              label: <Link to={page.path}>{t.menu[page.key]}</Link>,
            }))}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="shell-header">
          <Space size="middle">
            <Typography.Text className="shell-member">
              {fmt(t.app.signedInAs, { email: me.email })}
            </Typography.Text>
            <Tag color="blue" aria-label={fmt(t.app.role, { role: t.roles[me.role] })}>
              {t.roles[me.role]}
            </Tag>
            <Button
              loading={signOut.isPending}
              onClick={() => {
                if (!signOut.isPending) signOut.mutate();
              }}
            >
              {t.app.signOut}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content id="main" tabIndex={-1} className="shell-main">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
