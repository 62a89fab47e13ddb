package dev.lakegate.hms.handler.files;

/** HMS's hidden files (FileUtils.HIDDEN_FILES_PATH_FILTER): names starting with {@code _} or {@code .}. */
final class Hidden {

    private Hidden() {}

    static boolean name(String name) {
        return name.startsWith("_") || name.startsWith(".");
    }
}
