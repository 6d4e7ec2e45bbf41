import { CategoryScale, Chart as ChartJS, Filler, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { formatCount, MONTH_LABELS } from '../../../shared/dashboard/dashboard-counters.js';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Tooltip, Filler);

/** A line chart of 12 monthly values (Ene..Dic). Loaded only by the visits dashboard (chart.js is heavy). */
export function VisitsChart({
  label,
  values,
  integers = false,
}: {
  label: string;
  values: number[];
  integers?: boolean;
}) {
  return (
    <Line
      aria-label={label}
      role="img"
      data={{
        labels: [...MONTH_LABELS],
        datasets: [
          {
            label,
            data: values,
            borderColor: '#2c7a7b',
            backgroundColor: 'rgba(44, 122, 123, 0.12)',
            fill: true,
            tension: 0.3,
            cubicInterpolationMode: 'monotone',
            pointRadius: 3,
          },
        ],
      }}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 300 },
        scales: {
          y: {
            beginAtZero: true,
            suggestedMax: 4,
            ticks: { precision: integers ? 0 : 2, callback: (v) => formatCount(Number(v)) },
          },
        },
        plugins: { tooltip: { callbacks: { label: (item) => `${label}: ${formatCount(Number(item.raw))}` } } },
      }}
    />
  );
}
