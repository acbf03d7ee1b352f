package mailbench.trend;

import java.util.ArrayList;
import java.util.List;

import mailbench.changepoint.ChangePoint;
import mailbench.changepoint.ChangePoints;

/** The change points of each charted metric over the nights' medians of tonight's runs, nights without the metric left out. */
final class TrendChanges {

    private TrendChanges() {
    }

    static List<Trend.Change> of(List<Trend.MetricInfo> metrics, List<Trend.Night> nights, ChangePoints.Settings settings) {
        List<Trend.Change> changes = new ArrayList<>();
        for (Trend.MetricInfo metric : metrics) {
            List<Trend.Night> measured = nights.stream().filter(night -> night.median().containsKey(metric.key())).toList();
            double[] medians = measured.stream().mapToDouble(night -> night.median().get(metric.key())).toArray();
            for (ChangePoint point : ChangePoints.find(medians, metric.higherIsBetter(), settings)) {
                changes.add(new Trend.Change(metric.key(), measured.get(point.index()).night(), point));
            }
        }
        return List.copyOf(changes);
    }
}
