import { getAdminDashboard } from '@salon/shared';
import { Alert, Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { Title, useTranslate } from 'react-admin';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { adminCall } from './http';
import { EditionPicker } from './components/editions';

const REFRESH_MS = 15_000;
const COLOURS = ['#1565c0', '#ef6c00', '#2e7d32', '#6a1b9a', '#c62828', '#00838f', '#9e9d24', '#4e342e', '#757575'];
const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}h`;

function Figure({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" data-testid={`figure-${label}`}>
          {value.toLocaleString('fr-FR')}
        </Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function ChartCard({ title, children, wide }: { title: string; children: ReactElement; wide?: boolean }) {
  return (
    <Card sx={{ gridColumn: { md: wide ? 'span 2' : undefined } }} component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Box sx={{ width: '100%', height: 280 }}>
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * The organisers' dashboard: the show at a glance, refreshed every 15 seconds without a reload;
 * the current edition's, or another's picked above it.
 */
export function DashboardPage() {
  const translate = useTranslate();
  const say = (key: string, options?: Record<string, unknown>) => translate(`admin.dashboard.${key}`, options);
  const [edition, setEdition] = useState<number | ''>('');
  const { data, error } = useQuery({
    queryKey: ['admin', 'dashboard', edition],
    queryFn: () => adminCall(getAdminDashboard, { query: edition === '' ? {} : { edition } }),
    refetchInterval: REFRESH_MS,
    // Another edition picked: the last figures stay until its own come.
    placeholderData: keepPreviousData,
  });
  if (error) return <Alert severity="error">{translate('admin.errors.generic')}</Alert>;
  if (!data) return <CircularProgress sx={{ m: 4 }} aria-label={translate('ra.page.loading')} />;
  const { totals } = data;
  const others = (label: string | null) => (label === 'Autres' ? say('others') : (label ?? say('unknown')));
  return (
    <Box sx={{ py: 2 }}>
      <Title title="admin.dashboard.title" />
      <EditionPicker label="admin.editions.dashboardEdition" value={edition} onChange={setEdition} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
          mb: 2,
        }}
      >
        <Figure label={say('visitors')} value={totals.visitors} />
        <Figure
          label={say('exhibitors')}
          value={totals.exhibitorsConfirmed}
          hint={say('exhibitorsHint', { pending: totals.exhibitorsPending, deactivated: totals.exhibitorsDeactivated })}
        />
        <Figure label={say('collaborators')} value={totals.collaborators} />
        <Figure label={say('scans')} value={totals.scans} />
        <Figure label={say('entries')} value={totals.entries} />
        <Figure
          label={say('mailsWaiting')}
          value={totals.mailsWaiting}
          hint={say('mailsFailed', { smart_count: totals.mailsFailed })}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <ChartCard title={say('registrationsPerDay')} wide>
          <ComposedChart data={data.registrationsPerDay.map((r) => ({ ...r, label: dayLabel(r.day) }))}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis yAxisId="daily" allowDecimals={false} />
            <YAxis yAxisId="cumulative" orientation="right" allowDecimals={false} />
            <Tooltip />
            <Legend />
            <Bar yAxisId="daily" dataKey="daily" name={say('daily')} fill={COLOURS[0]} />
            <Line yAxisId="cumulative" dataKey="cumulative" name={say('cumulative')} stroke={COLOURS[1]} dot={false} />
          </ComposedChart>
        </ChartCard>
        <ChartCard title={say('bySector')}>
          <BarChart layout="vertical" data={data.visitorsBySector.map((r) => ({ ...r, label: others(r.label) }))}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="label" width={150} interval={0} />
            <Tooltip />
            <Bar dataKey="value" name={say('visitors')} fill={COLOURS[0]} />
          </BarChart>
        </ChartCard>
        <ChartCard title={say('byCountry')}>
          <PieChart>
            <Pie
              data={data.visitorsByCountry.map((r) => ({ ...r, label: others(r.label) }))}
              dataKey="value"
              nameKey="label"
              outerRadius="75%"
              label
            >
              {data.visitorsByCountry.map((r, i) => (
                <Cell key={r.label ?? i} fill={COLOURS[i % COLOURS.length]} />
              ))}
            </Pie>
            <Tooltip />
            <Legend />
          </PieChart>
        </ChartCard>
        <ChartCard title={say('scansPerDay')}>
          <BarChart data={data.scansPerDay.map((r) => ({ ...r, label: dayLabel(r.day) }))}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="scans" name={say('scans')} fill={COLOURS[2]} />
          </BarChart>
        </ChartCard>
        <ChartCard title={say('topExhibitors')}>
          <BarChart layout="vertical" data={data.topExhibitors}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="company" width={160} interval={0} />
            <Tooltip />
            <Bar dataKey="scans" name={say('scans')} fill={COLOURS[3]} />
          </BarChart>
        </ChartCard>
        <ChartCard title={say('entriesPerDay')}>
          <BarChart data={data.entriesPerDay.map((r) => ({ ...r, label: dayLabel(r.day) }))}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="entries" name={say('entries')} fill={COLOURS[5]} />
          </BarChart>
        </ChartCard>
        <ChartCard title={say('entriesPerHour')} wide>
          <BarChart data={data.entriesPerHour.map((r) => ({ ...r, label: hourLabel(r.hour) }))}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            {data.gates.map((gate, i) => (
              <Bar key={gate} dataKey={gate} stackId="gates" fill={COLOURS[i % COLOURS.length]} />
            ))}
          </BarChart>
        </ChartCard>
      </Box>
      <Typography sx={{ mt: 2 }} data-testid="peak-hour">
        {data.peakHour
          ? say('peakHour', { hour: hourLabel(data.peakHour.hour), smart_count: data.peakHour.entries })
          : say('noEntries')}
      </Typography>
    </Box>
  );
}
