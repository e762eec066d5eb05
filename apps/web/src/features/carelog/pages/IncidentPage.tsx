import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import { Page } from '../../communication/components/Page';
import { Gate } from '../../shell/pages/Gate';
import { useShell } from '../../shell/ShellContext';
import { parentPage } from '../../shell/sides';
import { useIncident } from '../api';
import { readableDay } from '../care';
import { IncidentView } from '../components/Incidents';
import { Loaded } from '../components/Loaded';
import { CARELOG_NS, CARELOG_PATH } from '../i18n';
import { carelogNeed } from '../need';

/** One report, read by staff or the child's family (who acknowledge it here). */
function Report({ id }: { id: string }) {
  const { t, i18n } = useTranslation(CARELOG_NS);
  const { side } = useShell();
  const report = useIncident(side, id);
  const Back = i18n.dir() === 'rtl' ? IconArrowRight : IconArrowLeft;
  const back = side === 'parent' ? parentPage(`${CARELOG_PATH}?tab=reports`) : `${CARELOG_PATH}?tab=incidents`;
  const incident = report.data;
  return (
    <Page
      title={
        incident
          ? t('incident.title', { kind: t(`incidentKind.${incident.kind}`), name: incident.student.name })
          : t('incident.titlePlain')
      }
      description={incident ? `${readableDay(incident.date, currentLanguage())} · ${incident.location}` : undefined}
      width={960}
    >
      <Group>
        <Anchor component={Link} to={back} fz="sm">
          <Group gap={4} component="span">
            <Back size={16} aria-hidden />
            {t('incident.back')}
          </Group>
        </Anchor>
      </Group>
      <Loaded error={report.error} data={incident} h={320}>
        {(loaded) => <IncidentView incident={loaded} family={side === 'parent'} />}
      </Loaded>
    </Page>
  );
}

/** /communication/carelog/incidents/:id: one path for both sides; staff behind the menu entry's needs. */
export default function IncidentPage() {
  const { id = '' } = useParams();
  const { side } = useShell();
  if (side === 'parent') return <Report id={id} />;
  return (
    <Gate need={carelogNeed()}>
      <Report id={id} />
    </Gate>
  );
}
