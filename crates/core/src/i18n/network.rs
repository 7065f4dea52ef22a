//! The VM's network tab: interfaces, their addresses and their dialogs.

crate::catalogue! {
    // The tab and its interface cards
    NIC_NETWORK_N = "Network {id}" / "Red {id}";
    NIC_NONE_MATCH = "No interface matches these filters." / "Ninguna interfaz coincide con estos filtros.";
    NIC_NONE = "This VM has no network interface." / "Esta VM no tiene ninguna interfaz de red.";
    NIC_COPY_MAC = "the MAC address" / "la dirección MAC";
    NIC_COPY_ADDRESS = "the address" / "la dirección";
    NIC_DEFAULT_POLICY = "Default policy" / "Política por defecto";
    NIC_NO_ADDRESSES = "None." / "Ninguna.";
    NIC_VIA = "via {gateway}" / "por {gateway}";
    NIC_ONLY_ADDRESS_HINT = "The interface's only address: removing it removes the interface" / "La única dirección de la interfaz: quitarla quita también la interfaz";
    NIC_ADD_IP = "Add IP" / "Añadir IP";
    NIC_ALL_FIELDS = "All fields of the interface" / "Todos los campos de la interfaz";

    // A refused second interface on a public network
    NIC_412_TITLE = "This VM already has an interface on that public network." / "Esta VM ya tiene una interfaz en esa red pública.";
    NIC_412_TEXT = "A VM can have one interface per public network. Pick another network, or change the existing interface." / "Una VM puede tener una interfaz por red pública. Elige otra red o cambia la interfaz que ya existe.";

    // Adding and editing an interface
    NIC_ADD_TITLE = "Add a network interface" / "Añadir una interfaz de red";
    NIC_ADDING = "Adding the interface" / "Añadir la interfaz";
    NIC_SAVING = "Saving the interface" / "Guardar la interfaz";
    NIC_LABEL_PLACEHOLDER = "e.g. eth1" / "p. ej. eth1";
    NIC_RATE_HINT = "0 means unlimited; empty keeps the provider's default." / "0 significa sin límite; vacío mantiene el valor por defecto del proveedor.";
    NIC_MAC_ADDRESS = "MAC address" / "Dirección MAC";
    NIC_MAC_HINT = "Six hex pairs: 02:1a:2b:3c:4d:5e." / "Seis pares hexadecimales: 02:1a:2b:3c:4d:5e.";
    NIC_PRIMARY_CHECK = "Primary (holds the gateway; the current primary becomes secondary)" / "Principal (tiene la puerta de enlace; la principal actual pasa a secundaria)";
    NIC_EDIT_TITLE = "Edit the interface" / "Editar la interfaz";

    // Removing an address
    NIC_REMOVE_IP_TITLE = "Remove the IP address" / "Quitar la dirección IP";
    NIC_THIS_ADDRESS = "this address" / "esta dirección";
    NIC_REMOVE_ADDRESS = "Remove address" / "Quitar la dirección";
    NIC_REMOVING_ADDRESS = "Removing the address" / "Quitar la dirección IP";
    NIC_REMOVED_FROM = "{address} is removed from {interface}." / "Se quita {address} de {interface}.";
    NIC_LAST_IP_TITLE = "This is the interface's only address." / "Es la única dirección de la interfaz.";
    NIC_LAST_IP_TEXT = "Removing it removes the interface too, with its firewall rules." / "Quitarla quita también la interfaz, con sus reglas del cortafuegos.";

    // The default policy
    NIC_SETTING_POLICY = "Setting the policy" / "Cambiar la política";
    NIC_POLICY_TEXT = "The default policy is what happens to traffic no firewall rule matches. Any rule takes precedence over it." / "La política por defecto es lo que ocurre con el tráfico que no coincide con ninguna regla del cortafuegos. Cualquier regla tiene prioridad sobre ella.";
    NIC_POLICY_ACCEPT = "— allow all traffic that no rule drops." / "— permitir todo el tráfico que ninguna regla descarte.";
    NIC_POLICY_DROP = "— deny all traffic that no rule accepts. Make sure a rule accepts what you need (e.g. SSH)." / "— denegar todo el tráfico que ninguna regla acepte. Asegúrate de que una regla acepta lo que necesitas (p. ej. SSH).";
    NIC_SET_POLICY = "Set policy" / "Cambiar la política por defecto";

    // Deleting an interface
    NIC_DELETE_TITLE = "Delete the interface" / "Eliminar la interfaz";
    NIC_DELETING = "Deleting the interface" / "Eliminar la interfaz de red";
    NIC_DELETED_WITH = "{name} is deleted, with everything that depends on it:" / "Se elimina {name}, con todo lo que depende de ella:";
    NIC_NO_ADDRESSES_LEFT = "no IP addresses" / "ninguna dirección IP";
    NIC_ITS_ADDRESSES = "its IP addresses: {list}" / "sus direcciones IP: {list}";
    NIC_NO_RULES = "no firewall rules" / "ninguna regla del cortafuegos";
    NIC_RULES_ONE = "{n} firewall rule" / "{n} regla del cortafuegos";
    NIC_RULES_OTHER = "{n} firewall rules" / "{n} reglas del cortafuegos";
    NIC_LISTING_PARTS = "Listing what goes with the interface" / "Ver lo que se elimina con la interfaz";

    // Adding an address
    NIC_ADD_IP_TITLE = "Add an IP address" / "Añadir una dirección IP";
    NIC_RESERVED = "{address} (reserved)" / "{address} (reservada)";
    NIC_ADDING_ADDRESS = "Adding the address" / "Añadir la dirección";
    NIC_ADD_IP_TEXT = "A new address is taken from the interface's network, or use one the account reserved." / "Se toma una dirección nueva de la red de la interfaz, o usa una que la cuenta tenga reservada.";
    NIC_NEW_ADDRESS = "A new address" / "Una dirección nueva";
    NIC_ADD_ADDRESS = "Add address" / "Añadir la dirección";
}
