package dev.lakegate.translator.mapping;

import static dev.lakegate.translator.mapping.Values.emptyToNull;
import static dev.lakegate.translator.mapping.Values.nullToEmpty;

import dev.lakegate.catalog.v1.FunctionResource;
import dev.lakegate.catalog.v1.FunctionType;
import dev.lakegate.translator.names.HiveNames;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.metastore.api.Function;
import org.apache.hadoop.hive.metastore.api.ResourceType;
import org.apache.hadoop.hive.metastore.api.ResourceUri;

/** HMS functions and native ones: a Java class and its JAR, FILE and ARCHIVE resources. */
public final class FunctionMapper {

    private FunctionMapper() {}

    public static dev.lakegate.catalog.v1.Function toNative(Function function) {
        dev.lakegate.catalog.v1.Function.Builder result = dev.lakegate.catalog.v1.Function.newBuilder()
                .setCatalog(HiveNames.catalogOrDefault(function.getCatName()))
                .setNamespace(nullToEmpty(HiveNames.normalize(function.getDbName())))
                .setName(nullToEmpty(HiveNames.normalize(function.getFunctionName())))
                .setClassName(nullToEmpty(function.getClassName()))
                .setOwner(nullToEmpty(function.getOwnerName()))
                .setOwnerType(Principals.toNative(function.getOwnerType()))
                .setType(
                        function.getFunctionType() == null
                                ? FunctionType.FUNCTION_TYPE_UNSPECIFIED
                                : FunctionType.JAVA);
        for (ResourceUri uri : Values.list(function.getResourceUris())) {
            result.addResources(FunctionResource.newBuilder()
                    .setType(resourceType(uri.getResourceType()))
                    .setUri(nullToEmpty(uri.getUri())));
        }
        if (function.getCreateTime() != 0) {
            result.setCreateTime(Values.seconds(function.getCreateTime()));
        }
        return result.build();
    }

    public static Function fromNative(dev.lakegate.catalog.v1.Function function) {
        List<ResourceUri> uris = new ArrayList<>();
        for (FunctionResource resource : function.getResourcesList()) {
            uris.add(new ResourceUri(resourceType(resource.getType()), resource.getUri()));
        }
        Function result = new Function(
                function.getName(),
                function.getNamespace(),
                function.getClassName(),
                emptyToNull(function.getOwner()),
                Principals.fromNative(function.getOwnerType()),
                Values.seconds(function.getCreateTime()),
                function.getType() == FunctionType.JAVA ? org.apache.hadoop.hive.metastore.api.FunctionType.JAVA : null,
                uris);
        result.setCatName(HiveNames.catalogOfNative(function.getCatalog()));
        return result;
    }

    private static dev.lakegate.catalog.v1.ResourceType resourceType(ResourceType type) {
        if (type == null) {
            return dev.lakegate.catalog.v1.ResourceType.RESOURCE_TYPE_UNSPECIFIED;
        }
        return switch (type) {
            case JAR -> dev.lakegate.catalog.v1.ResourceType.JAR;
            case FILE -> dev.lakegate.catalog.v1.ResourceType.FILE;
            case ARCHIVE -> dev.lakegate.catalog.v1.ResourceType.ARCHIVE;
        };
    }

    private static ResourceType resourceType(dev.lakegate.catalog.v1.ResourceType type) {
        return switch (type) {
            case JAR -> ResourceType.JAR;
            case FILE -> ResourceType.FILE;
            case ARCHIVE -> ResourceType.ARCHIVE;
            case RESOURCE_TYPE_UNSPECIFIED, UNRECOGNIZED -> null;
        };
    }
}
