package dev.lakegate.hms.idl;

import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;

/**
 * What a Lakegate HMS handler implements: every method of the base release (fb303's included, since
 * {@code ThriftHiveMetastore.Iface} extends {@code FacebookService.Iface}) plus the {@link LegacyIface}
 * methods that older clients still call. A method the handler does not serve should throw
 * {@link HmsProcessor#notServed(String)}, which clients see exactly as a method the server lacks.
 */
public interface HmsIface extends ThriftHiveMetastore.Iface, LegacyIface {}
