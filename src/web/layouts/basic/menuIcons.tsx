import {
  ApartmentOutlined, ApiOutlined, AppstoreOutlined, AuditOutlined, BankOutlined, BarChartOutlined, BookOutlined,
  CalendarOutlined, CarryOutOutlined, CheckCircleOutlined, ClockCircleOutlined, CloudOutlined, CloudServerOutlined,
  ClusterOutlined, CodeOutlined, CommentOutlined, ContainerOutlined, CustomerServiceOutlined, DashboardOutlined,
  DatabaseOutlined, DesktopOutlined, FileOutlined, FileSearchOutlined, FileTextOutlined, FlagOutlined, FormOutlined,
  GatewayOutlined, GlobalOutlined, HddOutlined, HomeOutlined, IdcardOutlined, InfoCircleOutlined, MenuOutlined,
  MessageOutlined, MobileOutlined, NotificationOutlined, PartitionOutlined, PictureOutlined, ProfileOutlined,
  ProjectOutlined, ReadOutlined, ReconciliationOutlined, SafetyOutlined, ScheduleOutlined, SettingOutlined,
  ShopOutlined, SolutionOutlined, StarOutlined, TableOutlined, TeamOutlined, ThunderboltOutlined, TrophyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType, ReactNode } from 'react';

/** The kebab-case antd icon names the menus use (schemas/seed/menus.json); importing only these keeps the bundle small. */
const MENU_ICONS: Record<string, ComponentType> = {
  apartment: ApartmentOutlined, api: ApiOutlined, appstore: AppstoreOutlined, audit: AuditOutlined, bank: BankOutlined,
  'bar-chart': BarChartOutlined, book: BookOutlined, calendar: CalendarOutlined, 'carry-out': CarryOutOutlined,
  'check-circle': CheckCircleOutlined, 'clock-circle': ClockCircleOutlined, cloud: CloudOutlined,
  'cloud-server': CloudServerOutlined, cluster: ClusterOutlined, code: CodeOutlined, comment: CommentOutlined,
  container: ContainerOutlined, 'customer-service': CustomerServiceOutlined, dashboard: DashboardOutlined,
  database: DatabaseOutlined, desktop: DesktopOutlined, 'file-search': FileSearchOutlined, 'file-text': FileTextOutlined,
  flag: FlagOutlined, form: FormOutlined, gateway: GatewayOutlined, global: GlobalOutlined, hdd: HddOutlined,
  home: HomeOutlined, idcard: IdcardOutlined, 'info-circle': InfoCircleOutlined, menu: MenuOutlined,
  message: MessageOutlined, mobile: MobileOutlined, notification: NotificationOutlined, partition: PartitionOutlined,
  picture: PictureOutlined, profile: ProfileOutlined, project: ProjectOutlined, read: ReadOutlined,
  reconciliation: ReconciliationOutlined, safety: SafetyOutlined, schedule: ScheduleOutlined, setting: SettingOutlined,
  shop: ShopOutlined, solution: SolutionOutlined, star: StarOutlined, table: TableOutlined, team: TeamOutlined,
  thunderbolt: ThunderboltOutlined, trophy: TrophyOutlined, user: UserOutlined,
};

/** The icon of a menu entry; an unknown name gets a generic page icon, no name gets none. */
export function menuIcon(name?: string): ReactNode {
  if (!name) return undefined;
  const Icon = MENU_ICONS[name] ?? FileOutlined;
  return <Icon />;
}
