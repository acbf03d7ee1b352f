/**
 * The large-{@code _source} workload (the 2018 _source size study): which mailbox its searches list, the facade's
 * search counters read before and after the measured phase, and the run folder's
 * {@code large-source.json} and {@code large-source.html}.
 */
package mailbench.largesource;
