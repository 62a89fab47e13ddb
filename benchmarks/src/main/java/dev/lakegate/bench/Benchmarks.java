package dev.lakegate.bench;

import java.util.Arrays;

/** Entry point of {@code lakegate-benchmarks.jar}: the first argument names the benchmark. */
public final class Benchmarks {

    private Benchmarks() {}

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
            System.out.println("usage: java -jar lakegate-benchmarks.jar catalog|thrift [options]");
            System.out.println();
            System.out.println(CatalogBenchmark.Options.USAGE);
            System.out.println();
            System.out.println(ThriftBenchmark.usage());
            return;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        switch (args[0]) {
            case "catalog" -> CatalogBenchmark.main(rest);
            case "thrift" -> ThriftBenchmark.main(rest);
            default -> {
                System.err.println("unknown benchmark \"" + args[0] + "\"; known: catalog, thrift");
                System.exit(2);
            }
        }
    }
}
