import { AuditOutlined, CheckCircleOutlined, FileDoneOutlined, StarOutlined } from '@ant-design/icons';
import { Avatar, Card, Col, Empty, Progress, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import { staticUrl } from '../../app/config';
import { useSession } from '../../app/session';
import { locationOf } from '../../layouts/basic/menuModel';
import G2Chart from '../online/graphreport/G2Chart';
import { useFigures } from '../monitor/useFigures';
import { percent } from '../monitor/format';
import { barSpec, lineSpec, useStableSpec } from './charts';
import FigureCard from './FigureCard';
import { greeting } from './greeting';
import RaceDeadline from './RaceDeadline';
import { firstHeld, useMenuPaths } from './useMenuPaths';

export interface AnalysisFigures {
  totals: { declared: number; submitted: number; passed: number; scored: number };
  perDay: { day: string; count: number }[];
  byTrack: { track: string | null; label: string; count: number }[];
  byRegion: { province: string | null; label: string; count: number }[];
  audit: { submitted: number; audited: number; pending: number };
  scoring: { projects: number; scored: number; sheets: number; sheetsSubmitted: number };
}

/** 首页: what a contest administrator wants at a glance, each figure a link to the list it counts. */
export default function Analysis() {
  const { userInfo, isGuest } = useSession();
  const paths = useMenuPaths();
  const list = firstHeld(paths, ['/pms/allProject', '/pms/audit', '/pms/myProject', '/pms/score']);
  const auditList = firstHeld(paths, ['/pms/audit', '/pms/allProject']);
  const scoreList = firstHeld(paths, ['/pms/score', '/pms/allProject']);
  // Where an applicant submits; whoever manages every project (an administrator) is not asked to declare.
  const declareList = paths.has('/pms/allProject') ? null : firstHeld(paths, ['/pms/myProject']);
  const { data, error, updatedAt } = useFigures<AnalysisFigures>('/sys/dashboard/analysis', { pollingInterval: 60_000, ready: !isGuest });

  const perDay = useStableSpec(data?.perDay ?? [], (rows) => lineSpec(rows.map((d) => ({ ...d, day: d.day.slice(5) })), 'day', 'count', { yTitle: '提交数', area: true }));
  const byTrack = useStableSpec(data?.byTrack ?? [], (rows) => barSpec(rows, 'label', 'count'));
  const byRegion = useStableSpec((data?.byRegion ?? []).slice(0, 15), (rows) => barSpec(rows, 'label', 'count', { horizontal: true }));

  return (
    <Row gutter={[16, 16]} className="dashboard-analysis">
      <Col span={24}>
        <Card>
          <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
            <Avatar size={56} src={userInfo?.avatar ? staticUrl(userInfo.avatar) : undefined}>{userInfo?.realname?.slice(0, 1)}</Avatar>
            <div>
              <Typography.Title level={4} style={{ margin: 0 }}>{greeting(new Date().getHours())}，{userInfo?.realname}，欢迎回来</Typography.Title>
              <Typography.Text type="secondary">
                今天是 {dayjs().format('YYYY年M月D日 dddd')}
                {updatedAt && !error ? <span data-testid="figures-as-of">，项目数据统计于 {dayjs(updatedAt).format('HH:mm:ss')}</span> : null}
              </Typography.Text>
            </div>
          </div>
          <RaceDeadline declareList={declareList} style={{ marginTop: 16 }} />
        </Card>
      </Col>
      {isGuest || error ? (
        <Col span={24}><Card><Empty description={isGuest ? '登录后查看项目申报概况' : '项目概况加载失败'} /></Card></Col>
      ) : (
        <>
          <Col xs={12} lg={6}><FigureCard testId="declared" title="申报项目" value={data?.totals.declared ?? '-'} icon={<FileDoneOutlined />} to={list} /></Col>
          <Col xs={12} lg={6}><FigureCard testId="submitted" title="已提交" value={data?.totals.submitted ?? '-'} icon={<AuditOutlined />} to={list} /></Col>
          <Col xs={12} lg={6}><FigureCard testId="passed" title="审核通过" value={data?.totals.passed ?? '-'} icon={<CheckCircleOutlined />} to={list} /></Col>
          <Col xs={12} lg={6}><FigureCard testId="scored" title="已完成评分" value={data?.totals.scored ?? '-'} icon={<StarOutlined />} to={scoreList} /></Col>
          <Col xs={24} lg={16}><Card size="small" title="每日提交申报（近 30 天）"><G2Chart spec={perDay} height={280} title="每日提交申报（近 30 天）" fieldNames={{ day: '日期', count: '提交数' }} /></Card></Col>
          <Col xs={24} lg={8}>
            <Card size="small" title="审核与评分进度">
              <Typography.Text>审核进度（已审 {data?.audit.audited ?? 0} / 已提交 {data?.audit.submitted ?? 0}）</Typography.Text>
              <Progress aria-label="审核进度" percent={percent(data?.audit.audited ?? 0, data?.audit.submitted ?? 0)} />
              <Typography.Text>待审核 {auditList ? <Link to={locationOf(auditList)}>{data?.audit.pending ?? 0} 个</Link> : `${data?.audit.pending ?? 0} 个`}</Typography.Text>
              <div style={{ height: 16 }} />
              <Typography.Text>评分进度（已交评分表 {data?.scoring.sheetsSubmitted ?? 0} / {data?.scoring.sheets ?? 0}）</Typography.Text>
              <Progress aria-label="评分进度" percent={percent(data?.scoring.sheetsSubmitted ?? 0, data?.scoring.sheets ?? 0)} strokeColor="#52c41a" />
              <Typography.Text>已完成评分项目 {data?.scoring.scored ?? 0} / 进入评审 {data?.scoring.projects ?? 0}</Typography.Text>
            </Card>
          </Col>
          <Col xs={24} lg={12}><Card size="small" title="各赛道申报数"><G2Chart spec={byTrack} height={280} title="各赛道申报数" fieldNames={{ label: '赛道', count: '申报数' }} /></Card></Col>
          <Col xs={24} lg={12}><Card size="small" title="各地区申报数"><G2Chart spec={byRegion} height={280} title="各地区申报数" fieldNames={{ label: '地区', count: '申报数' }} /></Card></Col>
        </>
      )}
    </Row>
  );
}
